/**
 * Typing into a page the server drew, before the app has taken it over: the text is in the DOM
 * only. Once hydrated, each field typed into is given its text again as an input event, so the
 * field's own handler (mask, whitelist, the form's answers) takes it as if typed then.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Fields whose text is their value (not a box, a choice or a file). */
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]):not([type=submit]):not([type=button]), textarea, select';

const serverValue = (field: Field): string =>
  field instanceof HTMLSelectElement ? ([...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? '') : field.defaultValue;

/** The value setter of the element's own kind, which React's value tracking does not see. */
function setUntracked(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (setter) setter.call(field, value);
}

/**
 * Takes note of what was typed into `root`'s fields (call before hydrating); `replay` (call once
 * hydrated) hands each typed value to the app, once.
 */
export function keepTypedValues(root: HTMLElement): { replay: () => void } {
  const typed = [...root.querySelectorAll<Field>(TEXT_FIELDS)].filter((f) => f.value !== serverValue(f)).map((field) => ({ field, value: field.value }));
  let replayed = false;
  return {
    replay() {
      if (replayed) return;
      replayed = true;
      for (const { field, value } of typed) {
        if (!field.isConnected) continue;
        // React dispatches onChange only for a value that differs from the one it last saw: it is
        // told the server's value (a tracked write), then the typed one is put back untracked.
        field.value = serverValue(field);
        setUntracked(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
    },
  };
}
