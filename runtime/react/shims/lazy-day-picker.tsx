import { lazy, Suspense, type ComponentProps } from 'react';
import type { DayPicker as EagerDayPicker } from 'react-day-picker';

// vite.config.ts points the date widget's `react-day-picker` import here; this file's own import
// resolves to the package, which becomes a chunk of its own.
const LazyDayPicker = lazy(() => import('react-day-picker').then((m) => ({ default: m.DayPicker })));

/**
 * The calendar of the date widget, loaded the first time a calendar opens: react-day-picker and
 * date-fns stay out of the form pages' initial JS. The popover shows a busy placeholder meanwhile.
 */
export function DayPicker(props: ComponentProps<typeof EagerDayPicker>) {
  return (
    <Suspense fallback={<div className="cf-date__loading" aria-busy="true" />}>
      <LazyDayPicker {...props} />
    </Suspense>
  );
}
