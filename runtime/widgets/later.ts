import { chunk, type ChunkComponent } from '../react/chunk';
import type { FieldWidgetProps } from '../react/widget-types';
import type { WidgetRegistry } from './types';

type Widget = WidgetRegistry[keyof WidgetRegistry];

/**
 * A widget no start page draws (the calendar date, the document upload), in a chunk of its own:
 * start pages load less. Loaded in idle time once the claimant is in the form's fields
 * (preloadWidgets from the form page), or before the first render of a reloaded page that draws it.
 */
function laterWidget(load: () => Promise<Widget>): ChunkComponent<FieldWidgetProps> {
  return chunk(async () => ({ default: await load() }));
}

export const DateWidget = laterWidget(() => import('./date').then((m) => m.DateWidget));
export const FileWidget = laterWidget(() => import('./file').then((m) => m.FileWidget));

const LATER_WIDGETS: Partial<Record<string, { preload(): Promise<unknown> }>> = { date: DateWidget, file: FileWidget };

/** Loads the code of the named widgets that start pages leave out (default: all of them). */
export function preloadWidgets(names: readonly string[] = Object.keys(LATER_WIDGETS)): Promise<unknown> {
  return Promise.all(names.map((name) => LATER_WIDGETS[name]?.preload().catch(() => undefined)));
}
