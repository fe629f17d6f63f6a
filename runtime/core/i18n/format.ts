/** Fills numbered placeholders: formatTemplate('Step {0} of {1}', 2, 5) -> 'Step 2 of 5'. Unknown indexes stay as written. */
export function formatTemplate(template: string, ...args: Array<string | number>): string {
  // Most texts take no arguments: they are returned as written (every placeholder would stay).
  if (args.length === 0) return template;
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? whole : String(arg);
  });
}
