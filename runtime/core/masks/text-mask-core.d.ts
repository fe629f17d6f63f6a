// The package's own declarations leave adjustCaretPosition out; its bundle exports it.
export {};
declare module 'text-mask-core' {
  export function adjustCaretPosition(config: unknown): number;
}
