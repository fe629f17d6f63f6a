import { useEffect, type ReactNode } from 'react';
import '../shell.css';
import defaultLogo from '../../../themes/default/logo.svg?no-inline';
import ftcLogo from '../../../themes/ftc/logo.svg?no-inline';
import kontentLogo from '../../../themes/kontent/logo.svg?no-inline';
import { APP_RUNNING_ATTRIBUTE } from '../../core/site/prerender';
import { useT } from '../context';
import { ErrorAlert } from '../ErrorAlert';
import { Banner } from './Banner';
import { Footer } from './Footer';
import { Header, type LayoutVariant } from './Header';

const LOGOS: Record<LayoutVariant, string> = { standard: defaultLogo, ftc: ftcLogo, kontent: kontentLogo };

/** Hides the inline page-load spinner of index.html once a layout is on screen (spec §1), and says the app runs. */
function useHidePageLoadSpinner() {
  useEffect(() => {
    const spinner = document.getElementById('page-load-spinner');
    if (spinner) spinner.hidden = true;
    document.documentElement.setAttribute(APP_RUNNING_ATTRIBUTE, '');
  }, []);
}

/**
 * A layout shell of spec §1: header, optional banner, the routed content, footer and the error
 * alert. The variant follows the theme: default → standard, ftc → ftc, kontent → content-style.
 */
export default function Layout({ variant, hidden, children }: { variant: LayoutVariant; hidden?: boolean; children: ReactNode }) {
  const t = useT();
  useHidePageLoadSpinner();
  return (
    <div className={`cf-app cf-layout cf-layout--${variant}`}>
      <a className="cf-skip-link" href="#main-content">
        {t('LocKey_Site_SkipToContent')}
      </a>
      <Header variant={variant} themeLogoSrc={LOGOS[variant]} />
      <p className="cf-print-title">{t('LocKey_Site_Title')}</p>
      <Banner />
      <main className="cf-main" id="main-content" tabIndex={-1} hidden={hidden}>
        <div className="cf-main__inner">{children}</div>
      </main>
      <Footer variant={variant} />
      <ErrorAlert />
    </div>
  );
}
