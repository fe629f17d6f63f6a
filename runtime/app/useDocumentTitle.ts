import { useEffect, useMemo } from 'react';
import { documentTitle, SITE_TITLE_KEY } from '../core/i18n';
import { useT } from './context';

/**
 * Names the page in the browser title (WCAG 2.4.2): the page's title, the form's name when the
 * page belongs to a form, and the settlement, in the claimant's language; renewed on every page
 * change and when the language changes.
 */
export function useDocumentTitle(pageTitleKey: string, formTitleKey?: string): void {
  const t = useT();
  // Computed once per page and language, not on every keystroke of the page.
  const title = useMemo(() => documentTitle([t(pageTitleKey), formTitleKey ? t(formTitleKey) : null, t(SITE_TITLE_KEY)]), [t, pageTitleKey, formTitleKey]);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
