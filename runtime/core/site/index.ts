export * from './chrome';
export * from './languages';
export * from './check';
export * from './analytics';
export * from './links';
