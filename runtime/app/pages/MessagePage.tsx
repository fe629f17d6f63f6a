import DOMPurify from 'dompurify';
import type { ReactNode } from 'react';
import { useT } from '../context';
import { PageHeading } from './PageHeading';

/** The shape of the special pages: a heading, localized copy (inline HTML allowed) and an optional action. */
export function MessagePage({ kind, titleKey, copyKey, children }: { kind: string; titleKey: string; copyKey: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className={`cf-message-page cf-message-page--${kind}`}>
      <PageHeading>{t(titleKey)}</PageHeading>
      <p className="cf-message-page__copy" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(t(copyKey)) }} />
      {children}
    </div>
  );
}
