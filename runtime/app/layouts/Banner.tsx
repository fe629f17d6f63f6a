import { useApp, useT } from '../context';

/** Spec §1: a header and two copy lines on a background image, only while banner state enables it. */
export function Banner() {
  const t = useT();
  const banner = useApp((s) => s.banner);
  if (!banner.enabled) return null;
  return (
    <section className="cf-banner" aria-labelledby="cf-banner-title">
      <div className="cf-banner__inner">
        <p className="cf-banner__title" id="cf-banner-title">
          {t(banner.headerKey)}
        </p>
        <p className="cf-banner__line">{t(banner.line1Key)}</p>
        <p className="cf-banner__line">{t(banner.line2Key)}</p>
      </div>
    </section>
  );
}
