import { Activity, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FormPage } from './FormPage';
import type { FormSession } from './formSessions';

export interface PageAheadProps {
  session: FormSession;
  pageId: string;
  /** Whether the page has opened; until then it is drawn hidden, out of the document. */
  shown: boolean;
}

/** A page drawn before it opens (FormPages): hidden and out of the document until it is shown. */
export default function PageAhead({ session, pageId, shown }: PageAheadProps) {
  const [host] = useState(() => {
    const element = document.createElement('div');
    // No box of its own: the page lays out as it would in the form itself.
    element.style.display = 'contents';
    return element;
  });
  return (
    <>
      <PageSlot host={host} shown={shown} />
      <Activity mode={shown ? 'visible' : 'hidden'}>{createPortal(<FormPage session={session} pageId={pageId} drawnAhead={!shown} />, host)}</Activity>
    </>
  );
}

/**
 * Where the page drawn ahead goes in the document once it shows. Put there by this element's
 * layout effect, which runs before those of the page (a later sibling): the page's own layout
 * effects and focus find it in the document.
 */
function PageSlot({ host, shown }: { host: HTMLElement; shown: boolean }) {
  const slot = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!shown) return;
    slot.current?.appendChild(host);
    return () => host.remove();
  }, [host, shown]);
  return <div ref={slot} style={{ display: 'contents' }} />;
}
