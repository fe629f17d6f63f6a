/** Model store: configs, client ids, the store's pure functions, record rules. */
export * from './config';
export * from './clientId';
export * from './store';
export * from './declared';
export * from './perParent';
export * from './minimumInstances';
export * from './openRecords';
