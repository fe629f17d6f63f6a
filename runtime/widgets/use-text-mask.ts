import { useCallback, useEffect, useRef } from 'react';
import { conformEdit, type MaskDefinition } from '../core/masks';

/** Some Android keyboards move the caret after the input event; text-mask sets it a frame later there. */
const isAndroid = typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);

function placeCaret(el: HTMLInputElement, caret: number) {
  if (document.activeElement !== el) return;
  if (isAndroid) requestAnimationFrame(() => el.setSelectionRange(caret, caret, 'none'));
  else el.setSelectionRange(caret, caret, 'none');
}

/**
 * Masks an input with the core's conformEdit, the function the mask tests type into: the input
 * stays uncontrolled so the caret can be placed; values from outside (a reset, a prefill) are
 * pushed into it. Returns the ref and an input handler that conforms each edit and reports the
 * conformed value.
 */
export function useTextMask(value: string, mask: MaskDefinition | null | undefined, onValue: (text: string) => void) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  // What the field showed after the last edit: conformEdit tells typing from deleting by it.
  const shownRef = useRef('');

  const conform = useCallback((text: string) => (mask ? conformEdit(mask, text, '').value : text), [mask]);
  const show = useCallback(
    (text: string) => {
      const el = inputRef.current;
      if (!el) return;
      const next = conform(text);
      if (el.value !== next) el.value = next;
      shownRef.current = next;
    },
    [conform],
  );

  useEffect(() => show(inputRef.current?.value ?? ''), [show]);

  const onInput = useCallback(() => {
    const el = inputRef.current;
    if (!el) return;
    if (mask) {
      const edit = conformEdit(mask, el.value, shownRef.current, el.selectionEnd ?? el.value.length);
      if (el.value !== edit.value) {
        el.value = edit.value;
        placeCaret(el, edit.caret);
      }
    }
    shownRef.current = el.value;
    onValue(el.value);
  }, [mask, onValue]);

  // Outside changes: write the stored value into the element when it (or the mask) changed and
  // differs from what is shown. At the first run only, a field that already shows other text than
  // the stored value is on a page the server drew (a hydrated start page): the claimant typed it
  // before the app ran, and it is taken as typed now. A run with the same stored value and mask (a
  // mount's effects run twice in development) is no outside change: the element keeps what it
  // shows, typed text the store may not have caught up with yet.
  const synced = useRef<{ value: string; conform: (text: string) => string } | null>(null);
  useEffect(() => {
    const el = inputRef.current;
    const first = synced.current === null;
    if (synced.current?.value === value && synced.current.conform === conform) return;
    synced.current = { value, conform };
    if (!el) return;
    if (first && el.value !== '' && el.value !== conform(value)) onInput();
    else if (el.value !== value) show(value);
    // onInput is new whenever the caller's onValue is (most callers, each render): this effect follows the stored value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, show, conform]);

  return { inputRef, onInput };
}
