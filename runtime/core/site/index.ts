export * from './chrome';
export * from './check';
export * from './analytics';
export * from './links';
