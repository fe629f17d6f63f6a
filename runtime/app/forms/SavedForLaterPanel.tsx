import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SavedForLater } from '../../core/api';
import { PROJECT_TIME_ZONE } from '../../core/dates';
import { credentialLabelKeys, formatInstant, signInDetails } from '../../core/i18n';
import type { DeadlineSettings, FlowFile } from '../../core/types';
import { Button } from '../../widgets/Button';
import { useApp, useCulture, useServices, useT } from '../context';
import { RESUME_PATH } from '../routes';
import { useDocumentTitle } from '../useDocumentTitle';
import type { FormSession } from './formSessions';

/** When a code stops working, in the settlement's time zone, as deadlines are told. */
function untilText(expiresAt: string, culture: string, flow: FlowFile, deadlines: DeadlineSettings): string {
  const zones = new Map(Object.entries(deadlines).map(([key, deadline]) => [key, deadline?.zone]));
  const zone = flow.deadlineKeys.map((key) => zones.get(key)).find((z) => z !== undefined) ?? PROJECT_TIME_ZONE;
  return formatInstant(new Date(expiresAt), culture, zone, 'FullDateZone');
}

/**
 * The claim is saved: the resume code, what to do with it and until when it works, with print and
 * copy, then sign out (the session ends here) or go on with the claim. It stands in for the page:
 * its heading is the page's one h1, and takes the focus.
 */
export default function SavedForLaterPanel({ session, saved, onContinue }: { session: FormSession; saved: SavedForLater; onContinue: () => void }) {
  const t = useT();
  const culture = useCulture();
  const { api, flows, store, sessions } = useServices();
  const deadlines = useApp((s) => s.deadlines);
  const [, navigate] = useLocation();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const flow = flows.flow(session.formType);
  useDocumentTitle('LocKey_SaveLater_SavedTitle', flow.titleKey);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(saved.code);
      setCopied(true);
    } catch {
      // No clipboard (permission, an old browser): the code stays on the page to write down or print.
    }
  };
  const signOut = async () => {
    await api.sessionTimeout();
    sessions.endSession(session.formType);
    store.set((s) => ({ authorized: { ...s.authorized, [session.formType]: false } }));
    navigate(`${RESUME_PATH}?culture=${culture}&signedOut=1`);
  };

  return (
    <section className="cf-saved-later cf-surface" aria-labelledby="cf-saved-later-title">
      <h1 id="cf-saved-later-title" className="cf-page-title" ref={heading} tabIndex={-1}>
        {t('LocKey_SaveLater_SavedTitle')}
      </h1>
      <p>{t('LocKey_SaveLater_CodeIntro')}</p>
      <p className="cf-saved-later__code" data-resume-code={saved.code}>
        <strong>{saved.code}</strong>
      </p>
      <p>
        {t('LocKey_SaveLater_HowTo', signInDetails(credentialLabelKeys(flow), t, culture))}{' '}
        <Link href={`${RESUME_PATH}?culture=${culture}`}>{t('LocKey_SaveLater_ResumePageLink')}</Link>
      </p>
      <p>{t('LocKey_SaveLater_ValidUntil', untilText(saved.expiresAt, culture, flow, deadlines))}</p>
      <p>{t('LocKey_SaveLater_KeepSafe')}</p>
      <p>
        {t('LocKey_SaveLater_LinkIntro')} <span className="cf-saved-later__link">{saved.link}</span>
      </p>
      {saved.emailAddress ? <p>{t('LocKey_SaveLater_Emailed', saved.emailAddress)}</p> : null}
      <div className="cf-saved-later__actions">
        <Button variant="outline-primary" label={t('LocKey_SaveLater_Print')} onClick={() => window.print()} />
        <Button variant="outline-primary" label={t('LocKey_SaveLater_Copy')} onClick={copy} />
        <Button variant="primary" label={t('LocKey_SaveLater_SignOut')} disableOnClick onClick={signOut} />
        <Button variant="secondary" label={t('LocKey_SaveLater_Continue')} onClick={onContinue} />
      </div>
      <p role="status" className="cf-saved-later__copied">
        {copied ? t('LocKey_SaveLater_Copied') : ''}
      </p>
    </section>
  );
}
