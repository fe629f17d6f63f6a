import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sharedCredentialLabelKeys, signInDetails } from '../../core/i18n';
import { useLocation, useSearch } from 'wouter';
import { describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass } from '../../widgets/field-parts';
import { Button } from '../../widgets/Button';
import { useCulture, useServices, useT } from '../context';
import { keepResumeCode } from '../forms/resume';
import { resumeLinkCode } from '../routes';
import { useDocumentTitle } from '../useDocumentTitle';
import { drawnFieldValue } from '../drawnFields';
import { PageHeading } from './PageHeading';
import { loadLaterCalls } from '../../core/api';
import { whenIdle } from '../../react/prepare';

const CODE_FIELD = 'cf-resume-code';

/**
 * /resume (and the resume link /resume/<code>, the code filled in): the claimant enters the resume
 * code of a claim saved for later; the server tells which form it belongs to, and the claimant
 * signs in there with the same details as when they saved it. The code alone opens nothing.
 */
export default function ResumePage() {
  const t = useT();
  const culture = useCulture();
  const { api, flows } = useServices();
  const [pathname, navigate] = useLocation();
  const signedOut = new URLSearchParams(useSearch()).get('signedOut') === '1';
  // Drawn on the server, the field may hold a code typed before the app ran: it is the code from the app's first render on.
  const [code, setCode] = useState(() => drawnFieldValue(CODE_FIELD) ?? resumeLinkCode(pathname) ?? '');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useDocumentTitle('LocKey_Resume_Title');
  // The check's call (the API client's later calls) comes in idle time: the press does not wait for its code.
  useEffect(() => whenIdle(() => void loadLaterCalls(), 2000), []);

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };
  const check = async () => {
    const typed = code.trim();
    if (!typed) return refuse(t('LocKey_Resume_CodeRequired'));
    const answer = await api.checkResumeCode(typed, culture);
    if (!answer.ok) return refuse(answer.errorKey ? t(answer.errorKey) : answer.error);
    const start = flows.find(answer.data.formType)?.pages[0];
    if (!start) return refuse(t('LocKey_Resume_FormUnavailable'));
    keepResumeCode(answer.data.formType, typed);
    navigate(`${start.path}?culture=${culture}`);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check();
  };

  const errors = error ? [error] : [];
  return (
    <div className="cf-resume-page">
      <PageHeading>{t('LocKey_Resume_Title')}</PageHeading>
      {signedOut ? (
        <p className="cf-feedback cf-feedback--success" role="status">
          {t('LocKey_Resume_SignedOut')}
        </p>
      ) : null}
      <p>{t('LocKey_Resume_Intro', signInDetails(sharedCredentialLabelKeys(flows.all()), t, culture))}</p>
      {/* method="dialog" outside a dialog submits nothing: drawn on the server, the page must not send the code in its address before the app runs. */}
      <form className="cf-form__page cf-surface" method="dialog" noValidate onSubmit={onSubmit}>
        <div className={fieldClass('text', errors)}>
          <FieldLabel htmlFor={CODE_FIELD} label={t('LocKey_Resume_CodeLabel')} required requiredText={t('LocKey_Common_RequiredMarker')} />
          <FieldHelp id={CODE_FIELD} help={t('LocKey_Resume_CodeHelp')} />
          <input
            ref={input}
            id={CODE_FIELD}
            name="resumeCode"
            className="cf-input"
            type="text"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-required="true"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={describedBy(CODE_FIELD, true, error !== null)}
            onChange={(e) => setCode(e.target.value)}
          />
          <div role="alert">
            <FieldErrors id={CODE_FIELD} messages={errors} />
          </div>
        </div>
        <Button type="submit" variant="primary" label={t('LocKey_Resume_Continue')} />
      </form>
    </div>
  );
}
