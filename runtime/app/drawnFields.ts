/**
 * What a field of a page the server drew shows when the app takes the page over: the text the
 * claimant typed into it before the app ran (or the text it was drawn with), read by the field's
 * id in the app's first render of the page; undefined when no such field is on screen (the server
 * draws, or the app draws the page itself after a route change).
 *
 * A page starts its state from it instead of taking the fields over in an effect after the
 * hydration: React applies the updates of those effects at idle priority, so every render before
 * them (a keystroke in another field, a store change) would draw the empty state over the typed
 * text, and a keystroke into that emptied field would replace it.
 */
export function drawnFieldValue(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement ? field.value : undefined;
}
