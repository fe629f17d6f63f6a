import type { ReactNode } from 'react';
import { InlineCopy } from '../../widgets/inline-copy';
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
      <InlineCopy as="p" className="cf-message-page__copy" html={t(copyKey)} />
      {children}
    </div>
  );
}
