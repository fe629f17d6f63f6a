/** Undo and redo over the session's edits: a list of document states and where we are in it. */
export interface History<T> {
  states: T[];
  at: number;
}

export const startHistory = <T>(state: T): History<T> => ({ states: [state], at: 0 });
export const current = <T>(h: History<T>): T => h.states[h.at]!;
/** A new state after the current one; the states that redo would have reached are dropped. */
export const record = <T>(h: History<T>, state: T): History<T> => ({ states: [...h.states.slice(0, h.at + 1), state], at: h.at + 1 });
export const canUndo = <T>(h: History<T>): boolean => h.at > 0;
export const canRedo = <T>(h: History<T>): boolean => h.at < h.states.length - 1;
export const undo = <T>(h: History<T>): History<T> => (canUndo(h) ? { ...h, at: h.at - 1 } : h);
export const redo = <T>(h: History<T>): History<T> => (canRedo(h) ? { ...h, at: h.at + 1 } : h);
