/**
 * Pointer presses in progress, so that what a blur reveals can wait for the press that caused it.
 *
 * A press on a button or an option first moves the focus (on mousedown, or on a tap's mousedown),
 * blurring the field that had it; the click follows on release and goes to whatever is under the
 * pointer then. An error appearing under the blurred field in between pushes the control down and
 * the click lands beside it: the claimant's choice, or the Upload, is lost. So whatever a blur by
 * a press shows waits until the press has ended, after its click; a blur by keyboard shows at once.
 */

interface PressTracker {
  pressing: boolean;
  endTimer: ReturnType<typeof setTimeout> | null;
  waiting: Set<() => void>;
}

/** Events that start a press: pointerdown, and the mousedown a touch tap sends after its pointerup. */
const PRESS_STARTS = ['pointerdown', 'mousedown'] as const;
/** Events after which a press ends; mouseup and its click come in one task, so it ends in the next. */
const PRESS_ENDS = ['pointerup', 'mouseup', 'click', 'pointercancel', 'dragend', 'contextmenu'] as const;

const trackers = new WeakMap<Document, PressTracker>();

function trackerOf(doc: Document): PressTracker {
  const known = trackers.get(doc);
  if (known) return known;
  const tracker: PressTracker = { pressing: false, endTimer: null, waiting: new Set() };
  trackers.set(doc, tracker);
  const endNow = () => {
    if (tracker.endTimer !== null) clearTimeout(tracker.endTimer);
    tracker.endTimer = null;
    tracker.pressing = false;
    const run = [...tracker.waiting];
    tracker.waiting.clear();
    for (const f of run) f();
  };
  const start = () => {
    if (tracker.endTimer !== null) clearTimeout(tracker.endTimer);
    tracker.endTimer = null;
    tracker.pressing = true;
  };
  const endSoon = () => {
    if (tracker.pressing && tracker.endTimer === null) tracker.endTimer = setTimeout(endNow, 0);
  };
  const options = { capture: true, passive: true };
  for (const type of PRESS_STARTS) doc.addEventListener(type, start, options);
  for (const type of PRESS_ENDS) doc.addEventListener(type, endSoon, options);
  // A key pressed, or the window left, while a press seems to last: its end was not seen.
  const endIfPressing = () => {
    if (tracker.pressing) endNow();
  };
  doc.addEventListener('keydown', endIfPressing, options);
  doc.defaultView?.addEventListener('blur', endIfPressing);
  return tracker;
}

/** Starts following the pointer presses of the document (once per document). */
export function watchPointerPresses(doc: Document): void {
  trackerOf(doc);
}

/**
 * Runs `run` now when no pointer press is in progress (and returns null), else once the press has
 * ended, after its click (and returns a function that cancels the run while it waits).
 */
export function afterPointerPress(doc: Document, run: () => void): (() => void) | null {
  const tracker = trackerOf(doc);
  if (!tracker.pressing) {
    run();
    return null;
  }
  tracker.waiting.add(run);
  return () => {
    tracker.waiting.delete(run);
  };
}
