import { createContext, useContext, useEffect, useMemo } from 'react';
import { documentTitle, SITE_TITLE_KEY } from '../core/i18n';
import { useT } from './context';

/**
 * Told the page's title while the server draws the page (runtime/app/prerender.tsx), so that the
 * served HTML carries the title the app then sets; effects do not run there. Absent in the browser.
 */
export const DrawnTitleContext = createContext<((title: string) => void) | null>(null);

/**
 * Names the page in the browser title (WCAG 2.4.2): the page's title, the form's name when the
 * page belongs to a form, and the settlement, in the claimant's language; renewed on every page
 * change and when the language changes.
 */
export function useDocumentTitle(pageTitleKey: string, formTitleKey?: string): void {
  const t = useT();
  // Computed once per page and language, not on every keystroke of the page.
  const title = useMemo(() => documentTitle([t(pageTitleKey), formTitleKey ? t(formTitleKey) : null, t(SITE_TITLE_KEY)]), [t, pageTitleKey, formTitleKey]);
  useContext(DrawnTitleContext)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
