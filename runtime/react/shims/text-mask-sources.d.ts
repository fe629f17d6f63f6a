// text-mask-core's ES module sources, which the browser build takes instead of its bundle (text-mask-core.ts beside this file).
declare module 'text-mask-core/src/conformToMask.js' {
  export default function conformToMask(rawValue: string, mask: unknown, config: unknown): { conformedValue: string };
}
declare module 'text-mask-core/src/adjustCaretPosition.js' {
  export default function adjustCaretPosition(config: unknown): number;
}
