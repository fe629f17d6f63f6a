export * from './chrome';
export * from './check';
