/** The widgets implement the renderer's contract (runtime/react/widget-types.ts). */
export type * from '../react/widget-types';
