/** Submission payload: building, pruning skipped answers, structure checks, multipart parts. */
export * from './build';
export * from './prune';
export * from './structure';
export * from './multipart';
export * from './text';
export * from './json';
export * from './honeypot';
