import { useEffect, useRef, useState, type FormEvent } from 'react';
import { cureText, type CureDeclaration } from '../../core/statuses';
import type { ClaimStatusAnswer } from '../../core/api';
import { describedBy, FieldErrors, FieldLabel, fieldClass } from '../../widgets/field-parts';
import { Button } from '../../widgets/Button';
import { useCulture, useServices, useT } from '../context';

const SIGNATURE_FIELD = 'cf-cure-signature';
const ATTEST_FIELD = 'cf-cure-attest';
const documentField = (kind: string) => `cf-cure-${kind}`;

/** The documents a cure asks for: each deficiency whose cure is a document, with the words of what to send. */
function documentsAsked(answer: ClaimStatusAnswer, describe: (cure: CureDeclaration) => string) {
  return answer.deficiencies.flatMap((d) => (d.cure.kind === 'document' ? [{ kind: d.kind, text: describe({ kind: 'document', documentType: d.cure.documentType ?? '' }) }] : []));
}

/**
 * "Send what is missing" on the status page of a deficient claim (its own chunk: only such a
 * claimant needs it): a document upload for each document the administrator asked for, and the
 * signature (the name typed and the attestation, as the claim's signature block) when one is
 * missing; sent in one request from the session that saw the status. A page to answer again is
 * not asked here (the status page tells the claimant to contact the administrator instead).
 */
export default function CurePanel({ answer, onCured, onCancel }: { answer: ClaimStatusAnswer; onCured: () => void; onCancel: () => void }) {
  const t = useT();
  const culture = useCulture();
  const { api, flows } = useServices();
  const documents = documentsAsked(answer, (cure) => cureText(cure, flows.all(), t));
  const signatureAsked = answer.deficiencies.some((d) => d.cure.kind === 'signature');
  const [files, setFiles] = useState<Record<string, File>>({});
  const [name, setName] = useState('');
  const [attested, setAttested] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const documentErrors = (kind: string) => (showErrors && !files[kind] ? [t('LocKey_Cure_DocumentRequired')] : []);
  const signatureErrors = showErrors && signatureAsked && (!name.trim() || !attested) ? [t('LocKey_Cure_SignatureRequired')] : [];

  const send = async () => {
    const missing = documents.find((d) => !files[d.kind]);
    if (missing || (signatureAsked && (!name.trim() || !attested))) {
      setShowErrors(true);
      document.getElementById(missing ? documentField(missing.kind) : SIGNATURE_FIELD)?.focus();
      return;
    }
    setSending(true);
    const result = await api.claimCure(
      {
        referenceCode: answer.referenceCode,
        documents: Object.entries(files).map(([deficiency, file]) => ({ deficiency, name: file.name, data: file })),
        signature: signatureAsked ? { name: name.trim(), attested } : null,
      },
      culture,
    );
    setSending(false);
    if (!result.ok) {
      setRefusal(result.errorKey ? t(result.errorKey) : result.error);
      alert.current?.focus();
      return;
    }
    onCured();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <section className="cf-surface cf-cure" aria-labelledby="cf-cure-heading">
      <h2 id="cf-cure-heading" ref={heading} tabIndex={-1}>
        {t('LocKey_Cure_Title')}
      </h2>
      <p>{t('LocKey_Cure_Intro')}</p>
      <div ref={alert} tabIndex={-1} role="alert">
        {refusal ? <p className="cf-feedback cf-feedback--danger">{refusal}</p> : null}
      </div>
      <form className="cf-form__page" noValidate onSubmit={onSubmit}>
        {documents.map((d) => {
          const id = documentField(d.kind);
          const errors = documentErrors(d.kind);
          return (
            <div key={d.kind} className={fieldClass('file', errors)}>
              <FieldLabel htmlFor={id} label={t('LocKey_Cure_Document', d.text)} required requiredText={t('LocKey_Common_RequiredMarker')} />
              <input
                id={id}
                name={d.kind}
                type="file"
                className="cf-input"
                accept=".pdf,.jpg,.jpeg,.png,.heic,.heif,.tif,.tiff"
                aria-required="true"
                aria-invalid={errors.length ? 'true' : undefined}
                aria-describedby={describedBy(id, false, errors.length > 0)}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  const others = { ...files };
                  delete others[d.kind];
                  setFiles(file ? { ...others, [d.kind]: file } : others);
                }}
              />
              <FieldErrors id={id} messages={errors} />
            </div>
          );
        })}
        {signatureAsked ? (
          <>
            <div className={fieldClass('text', signatureErrors)}>
              <FieldLabel htmlFor={SIGNATURE_FIELD} label={t('LocKey_Signature_Signature')} required requiredText={t('LocKey_Common_RequiredMarker')} />
              <input
                id={SIGNATURE_FIELD}
                name="signatureName"
                className="cf-input"
                type="text"
                autoComplete="name"
                maxLength={128}
                value={name}
                aria-required="true"
                aria-invalid={signatureErrors.length ? 'true' : undefined}
                aria-describedby={describedBy(SIGNATURE_FIELD, false, signatureErrors.length > 0)}
                onChange={(e) => setName(e.target.value)}
              />
              <FieldErrors id={SIGNATURE_FIELD} messages={signatureErrors} />
            </div>
            <div className={fieldClass('checkbox', [])}>
              <div className="cf-check">
                <input id={ATTEST_FIELD} name="signatureAttested" type="checkbox" className="cf-check__input" checked={attested} aria-required="true" onChange={(e) => setAttested(e.target.checked)} />
                <label className="cf-check__label" htmlFor={ATTEST_FIELD}>
                  {t('LocKey_Signature_Attestation')}
                </label>
              </div>
            </div>
          </>
        ) : null}
        <Button type="submit" variant="primary" label={t('LocKey_Cure_Submit')} disabled={sending} />
        <Button type="button" variant="outline-primary" label={t('LocKey_Cure_Cancel')} onClick={onCancel} />
      </form>
    </section>
  );
}
