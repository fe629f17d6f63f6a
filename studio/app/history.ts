/** Undo and redo over the session's edits: the states before the current one, the current one, and those redo reaches. */
export interface History<T extends object> {
  /** Oldest first. */
  past: T[];
  present: T;
  /** Nearest first. */
  future: T[];
}

export const startHistory = <T extends object>(state: T): History<T> => ({ past: [], present: state, future: [] });
export const current = <T extends object>(h: History<T>): T => h.present;
/** A new state after the current one; the states that redo would have reached are dropped. */
export const record = <T extends object>(h: History<T>, state: T): History<T> => ({ past: [...h.past, h.present], present: state, future: [] });
export const canUndo = <T extends object>(h: History<T>): boolean => h.past.length > 0;
export const canRedo = <T extends object>(h: History<T>): boolean => h.future.length > 0;
export function undo<T extends object>(h: History<T>): History<T> {
  const previous = h.past.at(-1);
  return previous === undefined ? h : { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
}
export function redo<T extends object>(h: History<T>): History<T> {
  const [next, ...later] = h.future;
  return next === undefined ? h : { past: [...h.past, h.present], present: next, future: later };
}
