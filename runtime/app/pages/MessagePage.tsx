import DOMPurify from 'dompurify';
import type { ReactNode } from 'react';
import { useT } from '../context';
import { useDocumentTitle } from '../useDocumentTitle';
import { PageHeading } from './PageHeading';

/**
 * The shape of the special pages: a heading, localized copy (inline HTML allowed) and an optional
 * action. formTitleKey names the form the page is about in the browser title (session expired).
 */
export function MessagePage({
  kind,
  titleKey,
  copyKey,
  formTitleKey,
  children,
}: {
  kind: string;
  titleKey: string;
  copyKey: string;
  formTitleKey?: string;
  children?: ReactNode;
}) {
  const t = useT();
  useDocumentTitle(titleKey, formTitleKey);
  return (
    <div className={`cf-message-page cf-message-page--${kind}`}>
      <PageHeading>{t(titleKey)}</PageHeading>
      <p className="cf-message-page__copy" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(t(copyKey)) }} />
      {children}
    </div>
  );
}
