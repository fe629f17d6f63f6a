import { chunk, type ChunkComponent } from '../react/chunk';
import type { FieldWidgetProps } from '../react/widget-types';
import type { WidgetRegistry } from './types';

type Widget = WidgetRegistry[keyof WidgetRegistry];

/**
 * A widget the sample's start pages do not draw (the calendar date, the document upload, the
 * choices and the long text), in a chunk of its own: start pages load less. A start page that does
 * draw one has it loaded before its first render (firstPageReady), on the server as in the browser. Loaded in idle time once the claimant is in the form's fields
 * (preloadWidgets from the form page), or before the first render of a reloaded page that draws it.
 */
function laterWidget(load: () => Promise<Widget>): ChunkComponent<FieldWidgetProps> {
  return chunk(async () => ({ default: await load() }));
}

export const DateWidget = laterWidget(() => import('./date').then((m) => m.DateWidget));
export const FileWidget = laterWidget(() => import('./file').then((m) => m.FileWidget));
export const SelectWidget = laterWidget(() => import('./select').then((m) => m.SelectWidget));
export const RadioWidget = laterWidget(() => import('./radio').then((m) => m.RadioWidget));
export const CheckboxWidget = laterWidget(() => import('./checkbox').then((m) => m.CheckboxWidget));
export const TextareaWidget = laterWidget(() => import('./textarea').then((m) => m.TextareaWidget));

const LATER_WIDGETS: Partial<Record<string, { preload(): Promise<unknown> }>> = {
  date: DateWidget,
  file: FileWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  textarea: TextareaWidget,
};

/** Loads the code of the named widgets that start pages leave out (default: all of them). */
export function preloadWidgets(names: readonly string[] = Object.keys(LATER_WIDGETS)): Promise<unknown> {
  return Promise.all(names.map((name) => LATER_WIDGETS[name]?.preload().catch(() => undefined)));
}
