/** Localization (spec §2, §3, §5, §9): translator, culture resolution, copy check, deadline keys. Pure; runs in Node and the browser. */
export * from './format';
export * from './translator';
export * from './culture';
export * from './localizedCopy';
export * from './deadlineKeys';
export * from './documentTitle';
export * from './submissionTime';
export * from './signInDetails';
