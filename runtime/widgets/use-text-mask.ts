import { useCallback, useEffect, useRef } from 'react';
import { createTextMaskInputElement } from 'text-mask-core';
import type { TextMaskConfig } from './types';

interface TextMaskInstance {
  update(rawValue?: string): void;
}

/**
 * Binds text-mask-core to an input: the input stays uncontrolled so the mask can place the caret;
 * values from outside (a reset, a prefill) are pushed into it. Returns the ref and an input handler
 * that conforms the typed text and reports the conformed value.
 */
export function useTextMask(value: string, mask: TextMaskConfig | null | undefined, onValue: (text: string) => void) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const maskRef = useRef<TextMaskInstance | null>(null);

  useEffect(() => {
    const el = inputRef.current;
    if (!el || !mask || mask.mask === false) {
      maskRef.current = null;
      return;
    }
    const instance = createTextMaskInputElement({ guide: false, ...mask, inputElement: el }) as TextMaskInstance;
    instance.update(el.value);
    maskRef.current = instance;
  }, [mask]);

  // Outside changes: write the stored value into the element when it differs from what is shown.
  useEffect(() => {
    const el = inputRef.current;
    if (!el || el.value === value) return;
    if (maskRef.current) maskRef.current.update(value);
    else el.value = value;
  }, [value]);

  const onInput = useCallback(() => {
    const el = inputRef.current;
    if (!el) return;
    maskRef.current?.update();
    onValue(el.value);
  }, [onValue]);

  return { inputRef, onInput };
}
