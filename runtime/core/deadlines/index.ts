/** Deadlines (spec §2 guard step 2, §7 GET /api/deadlines, §9). Pure; runs in Node and the browser. */
export * from './instant';
export * from './normalize';
export * from './redirect';
