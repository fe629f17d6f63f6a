import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { chunk } from '../../react/chunk';
import { formatInstant } from '../../core/i18n/deadlineKeys';
import { settlementZone } from '../../core/i18n/submissionTime';
import { cureText, type CureDeclaration } from '../../core/statuses';
import { loadLaterCalls, type ClaimStatusAnswer } from '../../core/api';
import { applyMask, getMask } from '../../core/masks';
import type { FieldConfig, FlowFile } from '../../core/types';
import { inputHints } from '../../core/view/input-hints';
import { describedBy, FieldErrors, FieldLabel, fieldClass } from '../../widgets/field-parts';
import { Button } from '../../widgets/Button';
import { TextWidget } from '../../widgets/text';
import { useApp, useCulture, useServices, useT } from '../context';
import { useDocumentTitle } from '../useDocumentTitle';
import { drawnFieldValue } from '../drawnFields';
import { PageHeading } from './PageHeading';
import { whenIdle } from '../../react/prepare';

const REFERENCE_FIELD = 'cf-status-reference';

/** The cure form, a chunk of its own: only the claimant of a deficient claim loads it. */
const CurePanel = chunk(() => import('./CurePanel'));

/** Whether a deficient claim can be cured here now: not after its cure-by day, not when a page must be answered again that cannot be here (the server then sends no answers to start it from). */
function cureState(answer: ClaimStatusAnswer, now: number): 'open' | 'passed' | 'page' | null {
  if (!answer.deficiencies.length) return null;
  if (answer.cureByAt && now > Date.parse(answer.cureByAt)) return 'passed';
  if (answer.deficiencies.some((d) => d.cure.kind === 'page') && !answer.cureAnswers) return 'page';
  return 'open';
}

const CREDENTIALS_MODEL = 'Credentials';
const credentialId = (key: string) => `cf-status-${key}`;

/** The credential fields of the forms that file a claim, once each by key: a reference code's form is not known before the server answers. */
function credentialFields(flows: readonly FlowFile[]): FieldConfig[] {
  const fields = new Map<string, FieldConfig>();
  for (const flow of flows.filter((f) => f.submit !== undefined)) {
    const asked = flow.pages[0]?.blocks.find((b) => b.block === 'model' && b.model === CREDENTIALS_MODEL);
    if (asked?.block !== 'model') continue;
    for (const field of asked.fields) if (!fields.has(field.key)) fields.set(field.key, field);
  }
  return [...fields.values()];
}

/**
 * A credential field as the start page draws it: its mask (a VIN's, a ZIP's), its input type,
 * keyboard and autocomplete, and its help for this page; never required here, as one form's fields may not be
 * another's.
 */
function CredentialField({ field, value, onChange }: { field: FieldConfig; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const hints = inputHints(field, CREDENTIALS_MODEL);
  const helpKey = field.statusHelpKey ?? field.helpKey;
  return (
    <TextWidget
      componentName="text"
      id={credentialId(field.key)}
      name={field.key}
      label={t(field.label)}
      value={value}
      required={false}
      errors={[]}
      help={helpKey ? t(helpKey) : undefined}
      mask={field.maskName ? getMask(field.maskName) : null}
      {...(hints.autocomplete ? { autoComplete: hints.autocomplete } : {})}
      {...(hints.inputType ? { inputType: hints.inputType } : {})}
      {...(hints.inputMode ? { inputMode: hints.inputMode } : {})}
      onChange={(typed) => onChange(typed === null ? '' : String(typed))}
    />
  );
}

/** A cure as the API answers it, as the settlement declares it (a document or page cure always names its document type or page). */
function declaredCure(cure: ClaimStatusAnswer['deficiencies'][number]['cure']): CureDeclaration {
  if (cure.kind === 'document') return { kind: 'document', documentType: cure.documentType ?? '' };
  if (cure.kind === 'page') return { kind: 'page', page: cure.page ?? '' };
  return { kind: 'signature' };
}

/**
 * /status: the claimant enters the reference code of a filed claim and the details they signed in
 * with when they filed it, and sees its status, what happens next and, for a deficient claim, what
 * is missing, what curing it asks and by when.
 */
export default function StatusPage() {
  const t = useT();
  const culture = useCulture();
  const { api, flows } = useServices();
  const deadlines = useApp((s) => s.deadlines);
  const fields = credentialFields(flows.all());
  // Drawn on the server, the fields may hold what the claimant typed before the app ran: it is the answer from the app's first render on.
  const [reference, setReference] = useState(() => drawnFieldValue(REFERENCE_FIELD) ?? '');
  const [credentials, setCredentials] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.flatMap((field): Array<[string, string]> => {
        const typed = drawnFieldValue(credentialId(field.key));
        // As the field's mask shows it once the app runs (a VIN in capitals).
        return typed ? [[field.key, field.maskName ? applyMask(field.maskName, typed) : typed]] : [];
      }),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ClaimStatusAnswer | null>(null);
  const [curing, setCuring] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle('LocKey_StatusPage_Title');
  // The check's call (the API client's later calls) comes in idle time: the press does not wait for its code.
  useEffect(() => whenIdle(() => void loadLaterCalls(), 2000), []);

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };
  const check = async () => {
    const typed = reference.trim();
    if (!typed) return refuse(t('LocKey_StatusPage_ReferenceRequired'));
    const result = await api.claimStatus(typed, credentials, culture);
    if (!result.ok) return refuse(result.errorKey ? t(result.errorKey) : result.error);
    setError(null);
    setCuring(false);
    setAnswer(result.data);
  };
  // The answer replaces the form: focus moves to its heading, so a screen reader reads the status next.
  useEffect(() => {
    if (answer) heading.current?.focus();
  }, [answer]);
  // A claim that can be cured: its form's chunk loads while the claimant reads what is missing.
  useEffect(() => {
    if (answer && cureState(answer, Date.now()) === 'open') void CurePanel.preload();
  }, [answer]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check();
  };
  const day = (iso: string) => formatInstant(new Date(iso), culture, settlementZone(deadlines), 'LongDate');

  if (answer) {
    const cure = cureState(answer, Date.now());
    if (curing) {
      return (
        <div className="cf-status-page">
          <PageHeading>{t('LocKey_StatusPage_Title')}</PageHeading>
          <Suspense fallback={null}>
            {/* Cancel reads the status again: the cure in progress as the server now keeps it. */}
            <CurePanel answer={answer} onCured={() => void check()} onCancel={() => void check()} />
          </Suspense>
        </div>
      );
    }
    return (
      <div className="cf-status-page">
        <PageHeading>{t('LocKey_StatusPage_Title')}</PageHeading>
        <section className="cf-surface" aria-labelledby="cf-status-heading" data-claim-status={answer.status}>
          <h2 id="cf-status-heading" ref={heading} tabIndex={-1}>
            {t(answer.labelKey)}
          </h2>
          <p>{t('LocKey_StatusPage_Reference', answer.referenceCode)}</p>
          <p>{t('LocKey_StatusPage_FiledOn', day(answer.filedAt))}</p>
          <p>{t(answer.nextKey)}</p>
          {answer.deficiencies.length ? (
            <>
              <h3>{t('LocKey_StatusPage_Missing')}</h3>
              <ul>
                {answer.deficiencies.map((d) => (
                  <li key={d.kind}>
                    <strong>{t(d.textKey)}</strong> {cureText(declaredCure(d.cure), flows.all(), t)}
                  </li>
                ))}
              </ul>
              {answer.cureByAt && cure !== 'passed' ? <p className="cf-feedback cf-feedback--warning">{t('LocKey_StatusPage_CureBy', day(answer.cureByAt))}</p> : null}
              {cure === 'passed' ? <p className="cf-feedback cf-feedback--warning">{t('LocKey_Cure_Passed')}</p> : null}
              {cure === 'page' ? <p className="cf-feedback cf-feedback--warning">{t('LocKey_Cure_PageUnsupported')}</p> : null}
              {cure === 'open' ? <Button type="button" variant="primary" label={t('LocKey_Cure_Open')} onClick={() => setCuring(true)} /> : null}
            </>
          ) : null}
        </section>
        <Button type="button" variant="outline-primary" label={t('LocKey_StatusPage_CheckAnother')} onClick={() => setAnswer(null)} />
      </div>
    );
  }

  const errors = error ? [error] : [];
  return (
    <div className="cf-status-page">
      <PageHeading>{t('LocKey_StatusPage_Title')}</PageHeading>
      <p>{t('LocKey_StatusPage_Intro')}</p>
      {/* method="dialog" outside a dialog submits nothing: drawn on the server, the page must not send the reference code and sign-in details in its address before the app runs. */}
      <form className="cf-form__page cf-surface" method="dialog" noValidate onSubmit={onSubmit}>
        <div className={fieldClass('text', errors)}>
          <FieldLabel htmlFor={REFERENCE_FIELD} label={t('LocKey_StatusPage_ReferenceLabel')} required requiredText={t('LocKey_Common_RequiredMarker')} />
          <input
            ref={input}
            id={REFERENCE_FIELD}
            name="referenceCode"
            className="cf-input"
            type="text"
            value={reference}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-required="true"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={describedBy(REFERENCE_FIELD, false, error !== null)}
            onChange={(e) => setReference(e.target.value)}
          />
          <div role="alert">
            <FieldErrors id={REFERENCE_FIELD} messages={errors} />
          </div>
        </div>
        {fields.map((field) => (
          <CredentialField key={field.key} field={field} value={credentials[field.key] ?? ''} onChange={(typed) => setCredentials((typedSoFar) => ({ ...typedSoFar, [field.key]: typed }))} />
        ))}
        <Button type="submit" variant="primary" label={t('LocKey_StatusPage_Submit')} />
      </form>
    </div>
  );
}
