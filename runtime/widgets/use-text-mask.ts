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

  const show = useCallback(
    (text: string) => {
      const el = inputRef.current;
      if (!el) return;
      const next = mask ? conformEdit(mask, text, '').value : text;
      if (el.value !== next) el.value = next;
      shownRef.current = next;
    },
    [mask],
  );

  useEffect(() => show(inputRef.current?.value ?? ''), [show]);

  // Outside changes: write the stored value into the element when it differs from what is shown.
  useEffect(() => {
    if (inputRef.current && inputRef.current.value !== value) show(value);
  }, [value, show]);

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

  return { inputRef, onInput };
}
