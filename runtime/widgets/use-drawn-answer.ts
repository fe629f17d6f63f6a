import { useEffect, useRef } from 'react';
import type { FieldValue } from '../core/types';

/**
 * A controlled field on a page the server may have drawn (a start page): an answer the claimant
 * gave in it before the app ran is in the element only, and the field's next render would draw the
 * stored value over it. At the mount, an answer the element shows other than the stored one is
 * reported as given now. A field the app drew itself shows the stored value: nothing is reported.
 * `shown` reads the element's answer, undefined for none. Returns the ref for the element.
 */
export function useDrawnAnswer<E extends Element>(shown: (element: E) => FieldValue | undefined, stored: FieldValue, report: (value: FieldValue) => void) {
  const ref = useRef<E | null>(null);
  useEffect(() => {
    const drawn = ref.current ? shown(ref.current) : undefined;
    if (drawn !== undefined && drawn !== stored) report(drawn);
    // The mount only: from then on the element shows the stored value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
