import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { pressPrimary } from '../../core/actions/page-press';
import { formatInstant } from '../../core/i18n/deadlineKeys';
import { settlementZone } from '../../core/i18n/submissionTime';
import { createIdSource } from '../../core/models';
import { cureStore, curePageModels, cureText, type CureDeclaration } from '../../core/statuses';
import type { ClaimStatusAnswer, CureUpload } from '../../core/api';
import type { DocumentFile, FormModel, ModelStoreState, PageConfig, SubmitFieldError } from '../../core/types';
import type { PageFieldError } from '../../core/view/types';
// The address form's fields, given to the page engine as this loads: a cure's page may ask for an address.
import '../../core/view/address-fields';
import { submitRefusalView, type RefusalView } from '../../core/view/refusal';
import { PageRenderer } from '../../react/PageRenderer';
import { describedBy, FieldErrors, FieldLabel, fieldClass } from '../../widgets/field-parts';
import { Button } from '../../widgets/Button';
import { Spinner } from '../../widgets/Spinner';
import { preloadWidgets } from '../../widgets/later';
import { useApp, useCulture, useServices, useT } from '../context';
import { TYPED_SAVE_DELAY_MS, useTabHidden } from '../typedSaves';
import { changeDocuments, cureDocuments, restoreDocuments, whenUploaded } from '../forms/documentUploads';
import { chosenDocuments } from '../forms/formSessions';
import { useFormPrerequisites } from '../forms/prerequisites';
import { REGISTRIES } from '../forms/registries';

const SIGNATURE_FIELD = 'cf-cure-signature';
const ATTEST_FIELD = 'cf-cure-attest';
const documentField = (kind: string) => `cf-cure-${kind}`;
const SAVED_FIELD = 'cf-cure-saved';

/** The documents a cure asks for: each deficiency whose cure is a document, with the words of what to send. */
function documentsAsked(answer: ClaimStatusAnswer, describe: (cure: CureDeclaration) => string) {
  return answer.deficiencies.flatMap((d) => (d.cure.kind === 'document' ? [{ kind: d.kind, text: describe({ kind: 'document', documentType: d.cure.documentType ?? '' }) }] : []));
}

/** A model as the status answer gives it, as the store holds it (an absent id or metadata hash: none). */
const storedModel = (m: NonNullable<ClaimStatusAnswer['cureAnswers']>[number]): FormModel => ({
  id: m.id ?? null,
  clientId: m.clientId,
  metadata: { formType: m.metadata.formType, dtoMapping: m.metadata.dtoMapping },
  metadataHash: m.metadataHash ?? '',
  fields: m.fields,
});

/** A page's errors where the renderer shows a refusal: the summary's lines and each under its field. */
const errorsView = (errors: readonly PageFieldError[]): RefusalView => ({ summary: [...errors], fieldErrors: Object.fromEntries(errors.filter((e) => e.fieldId).map((e) => [e.fieldId, e.message])) });

/**
 * "Send what is missing" on the status page of a deficient claim (its own chunk: only such a
 * claimant needs it): each page of the claim to answer again, drawn by the form's renderer with its
 * page logic and starting from the answers filed; a document upload for each document the
 * administrator asked for; and the signature (the name typed and the attestation, as the claim's
 * signature block) when one is missing. Each document is uploaded on add (checked and scanned by
 * the server at once, a refusal shown beside it) and kept with the cure in progress, as are the
 * name typed and the pages' answers on "Save and finish later": signed in on the status page
 * again, the cure opens as it was left. A page with files asked again is drawn with its filed
 * records, and the file widget uploads each new record's document on add to the cure in progress
 * (by the record's client id, documentUploads.ts `cureDocuments`), its progress and refusal beside
 * it as in a claim; a removed record's document is removed from the cure; a filed record can be
 * corrected in place and keeps its filed document unless another file is chosen. The filed records
 * the pages link to (a document's repair) are in the store read-only (the status answer's
 * `cureContext`), so that the link selects list them. A refusal of a record's document or link is
 * shown beside that record and first in the page's error summary. The cure is sent from the
 * session that saw the status.
 */
export default function CurePanel({ answer, onCured, onCancel }: { answer: ClaimStatusAnswer; onCured: () => void; onCancel: () => void }) {
  const t = useT();
  const culture = useCulture();
  const { api, flows } = useServices();
  const documents = documentsAsked(answer, (cure) => cureText(cure, flows.all(), t));
  const signatureAsked = answer.deficiencies.some((d) => d.cure.kind === 'signature');
  const progress = answer.cureInProgress;
  // The documents uploaded so far (kept by the server), the files chosen and not uploaded yet, and each one's refusal.
  const [uploads, setUploads] = useState<Record<string, CureUpload>>(() => Object.fromEntries((progress?.documents ?? []).filter((d) => d.clientId === undefined).map((d) => [d.deficiency, d])));
  const [files, setFiles] = useState<Record<string, File>>({});
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const [name, setName] = useState(progress?.signatureName ?? '');
  const [attested, setAttested] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The server's refusal of one document (its type, its content, the malware scan), shown beside it until another file is chosen. */
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  // When the panel opens; run again (the panel shown again after a chunk it waited for), only when the focus was lost with it, not taken from where the claimant is.
  const headingFocused = useRef(false);
  useEffect(() => {
    if (headingFocused.current && document.activeElement !== null && document.activeElement !== document.body) return;
    headingFocused.current = true;
    heading.current?.focus();
  }, []);

  // The pages to answer again, in their flow's order, drawn on the claim's filed answers to them.
  const flow = flows.find(answer.formType);
  const pages: PageConfig[] = useMemo(() => {
    const asked = new Set(answer.deficiencies.flatMap((d) => (d.cure.kind === 'page' && d.cure.page ? [d.cure.page] : [])));
    return flow?.pages.filter((p) => asked.has(p.id)) ?? [];
  }, [answer.deficiencies, flow]);
  const ready = useFormPrerequisites();
  // The widgets the pages draw that start pages leave out (a document's file, a date), loaded before the pages are
  // drawn: one drawn first by an Edit or Add more would suspend the panel while it loads, and the focus would be lost.
  const [widgetsReady, setWidgetsReady] = useState(false);
  useEffect(() => {
    let live = true;
    const widgets = pages.flatMap((p) => p.blocks.flatMap((b) => (b.block === 'model' || b.block === 'records' ? b.fields.map((f) => f.widget) : [])));
    void preloadWidgets(widgets).then(() => {
      if (live) setWidgetsReady(true);
    });
    return () => {
      live = false;
    };
  }, [pages]);
  const modelConfigs = useApp((s) => s.modelConfigs);
  const whitelist = useApp((s) => s.whitelist);
  const deadlines = useApp((s) => s.deadlines);
  const internationalAddresses = useApp((s) => s.settings.internationalAddresses);
  const settings = useMemo(() => ({ internationalAddresses }), [internationalAddresses]);
  const ids = useMemo(() => createIdSource(), []);
  // The filed records given as context: no page of the cure changes them, so a record they link to stays.
  const contextIds = useMemo(() => new Set((answer.cureContext ?? []).map((m) => m.clientId)), [answer.cureContext]);
  const [store, setStore] = useState<ModelStoreState | null>(null);
  // The refusal of the pages' answers, on the page it concerns (each page draws its own error summary).
  const [pageRefusal, setPageRefusal] = useState<{ pageId: string; view: RefusalView } | null>(null);
  // The documents of the pages' records (a page with files): each uploaded on add to the cure in
  // progress by its record's client id, drawn by the file widget with its progress or refusal.
  const target = useMemo(() => cureDocuments(api, answer.referenceCode), [api, answer.referenceCode]);
  const chosen = useMemo(() => chosenDocuments([]), []);
  const pageDocuments = useSyncExternalStore(chosen.subscribeDocuments, () => chosen.documents);
  const cultureRef = useRef(culture);
  cultureRef.current = culture;
  const onDocumentsChange = useCallback((next: DocumentFile[]) => changeDocuments(chosen, target, () => cultureRef.current, next), [chosen, target]);
  const waitForUploads = useCallback((clientIds: readonly string[]) => whenUploaded(chosen, clientIds), [chosen]);
  useEffect(() => {
    if (!pages.length || !ready || !widgetsReady || !modelConfigs || store) return;
    // The filed records the pages link to (a document's repair) come along, read-only: no page of the cure draws them.
    const started = cureStore(modelConfigs, answer.formType, ids, [...(answer.cureAnswers ?? []), ...(answer.cureContext ?? [])].map(storedModel));
    // Signed in again: the documents kept with the cure in progress, beside their records.
    const kept = (progress?.documents ?? []).flatMap((d) => (d.clientId === undefined ? [] : [{ ...d, clientId: d.clientId }]));
    restoreDocuments(chosen, target, kept, started.saved);
    setStore(started);
  }, [pages, ready, widgetsReady, modelConfigs, store, answer.formType, answer.cureAnswers, answer.cureContext, ids, chosen, target, progress]);

  const documentErrors = (kind: string) => [...(uploadErrors[kind] ? [uploadErrors[kind]] : []), ...(showErrors && !uploads[kind] && !uploadErrors[kind] ? [t('LocKey_Cure_DocumentRequired')] : [])];
  const setUploadError = (kind: string, message: string | null) =>
    setUploadErrors((errors) => {
      const others = { ...errors };
      delete others[kind];
      return message === null ? others : { ...others, [kind]: message };
    });

  /** Sends the file chosen for `kind` at once: the server checks and scans it, and keeps it with the cure in progress. */
  const upload = async (kind: string) => {
    const file = files[kind];
    if (!file) {
      setUploadError(kind, t('LocKey_Cure_ChooseFile'));
      document.getElementById(documentField(kind))?.focus();
      return;
    }
    setUploading(kind);
    setSavedNote(null);
    const result = await api.addCureDocument(answer.referenceCode, kind, { name: file.name, data: file }, culture);
    setUploading(null);
    if (!result.ok) {
      setUploadError(kind, result.errorKey ? t(result.errorKey) : result.error);
      document.getElementById(documentField(kind))?.focus();
      return;
    }
    setUploadError(kind, null);
    setUploads((kept) => ({ ...kept, [kind]: result.data }));
    setFiles((chosen) => {
      const others = { ...chosen };
      delete others[kind];
      return others;
    });
  };
  const remove = async (kind: string) => {
    const uploaded = uploads[kind];
    if (!uploaded) return;
    const result = await api.removeCureDocument(answer.referenceCode, uploaded.id);
    if (!result.ok) {
      setUploadError(kind, result.errorKey ? t(result.errorKey) : result.error);
      return;
    }
    setUploads((kept) => {
      const others = { ...kept };
      delete others[kind];
      return others;
    });
    // The file input takes the place of the document: the focus goes to it.
    setTimeout(() => document.getElementById(documentField(kind))?.focus(), 0);
  };
  /** Answers the server refuses on a page (the cure sent, or kept to finish later): shown on that page, under each field it names; false when the refusal names none. */
  const refusedOnPage = (message: string, refused: { code?: string; fieldErrors?: readonly SubmitFieldError[] }) => {
    const page = pages.find((p) => refused.fieldErrors?.some((e) => e.pageId === p.id)) ?? pages[0];
    if (!page || !refused.fieldErrors?.length) return false;
    setPageRefusal({ pageId: page.id, view: submitRefusalView(page, { code: refused.code ?? null, message, fieldErrors: refused.fieldErrors }, t) });
    setRefusal(null);
    return true;
  };
  /** What a save of the cure in progress sends now: the pages' saved answers and the name typed. */
  const progressOf = (current: ModelStoreState | null, typedName: string) => {
    const pageModels = pages.length && current ? curePageModels(pages, current) : undefined;
    return { referenceCode: answer.referenceCode, ...(pageModels ? { pageModels } : {}), ...(signatureAsked ? { signatureName: typedName.trim() } : {}) };
  };
  const quietSave = useQuietCureSave({
    store,
    name,
    sending,
    asks: pages.length > 0 || signatureAsked,
    // A page's answers are there once its store is made from the claim's filed answers.
    ready: pages.length === 0 || store !== null,
    progressOf,
    save: (progress, leaving) => api.saveCureProgress(progress, culture, leaving),
  });
  /** Save and finish later: the name typed and the pages' answers kept with the uploaded documents. */
  const saveForLater = async () => {
    setSending(true);
    // A quiet save still under way goes first: stored after this one, it would stand for it.
    await quietSave.settled();
    const progress = progressOf(store, name);
    const result = await api.saveCureProgress(progress, culture);
    setSending(false);
    if (result.ok) quietSave.kept(progress);
    if (!result.ok) {
      const message = result.errorKey ? t(result.errorKey) : result.error;
      if (refusedOnPage(message, result)) return;
      setRefusal(message);
      alert.current?.focus();
      return;
    }
    setRefusal(null);
    setPageRefusal(null);
    setSavedNote(answer.cureByAt ? t('LocKey_Cure_SavedForLater', formatInstant(new Date(answer.cureByAt), culture, settlementZone(deadlines), 'LongDate')) : t('LocKey_Cure_SavedForLaterNoDate'));
    setTimeout(() => document.getElementById(SAVED_FIELD)?.focus(), 0);
  };
  const signatureErrors = showErrors && signatureAsked && (!name.trim() || !attested) ? [t('LocKey_Cure_SignatureRequired')] : [];

  /** The pages' answers as their Next would take them (records typed and not saved yet are saved); null with the pages' errors shown. */
  const pageAnswers = (): FormModel[] | null | undefined => {
    if (!pages.length) return undefined;
    if (!store || !modelConfigs) return null;
    let next = store;
    const errors: PageFieldError[] = [];
    for (const page of pages) {
      const press = pressPrimary(page, next, chosen.documents, { t, whitelist, now: new Date(), options: { formType: answer.formType, modelConfigs, internationalAddresses } });
      next = press.store;
      errors.push(...press.errors);
    }
    setStore(next);
    // The pages' own errors, as each page's Next would show them (no page named: every page's summary).
    setPageRefusal(errors.length ? { pageId: '', view: errorsView(errors) } : null);
    return errors.length ? null : curePageModels(pages, next);
  };

  const send = async () => {
    const pageModels = pageAnswers();
    const missing = documents.find((d) => !uploads[d.kind]);
    if (pageModels === null || missing || (signatureAsked && (!name.trim() || !attested))) {
      setShowErrors(true);
      // The pages' own error summary takes the focus when they have errors.
      if (pageModels !== null) document.getElementById(missing ? documentField(missing.kind) : SIGNATURE_FIELD)?.focus();
      return;
    }
    setSending(true);
    const result = await api.claimCure(
      {
        referenceCode: answer.referenceCode,
        ...(pageModels ? { pageModels } : {}),
        // The documents are those uploaded to the cure in progress.
        documents: [],
        signature: signatureAsked ? { name: name.trim(), attested } : null,
      },
      culture,
    );
    setSending(false);
    if (!result.ok) {
      const message = result.errorKey ? t(result.errorKey) : result.error;
      // A document refused: beside that document, which takes the focus.
      const refused = documents.find((d) => d.kind === result.document);
      if (refused) {
        setUploadError(refused.kind, message);
        setRefusal(null);
        document.getElementById(documentField(refused.kind))?.focus();
        return;
      }
      if (refusedOnPage(message, result)) return;
      setRefusal(message);
      alert.current?.focus();
      return;
    }
    onCured();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  // The pages wait for their widgets' code and the claim's answers: until then the form says it is
  // loading (a Tab pressed meanwhile would pass over pages not drawn yet).
  const pagesLoading = pages.length > 0 && !(store && modelConfigs);
  return (
    <section className="cf-surface cf-cure" aria-labelledby="cf-cure-heading">
      <h2 id="cf-cure-heading" ref={heading} tabIndex={-1}>
        {t('LocKey_Cure_Title')}
      </h2>
      <p>{t(pages.length ? 'LocKey_Cure_PageIntro' : 'LocKey_Cure_Intro')}</p>
      <div ref={alert} tabIndex={-1} role="alert">
        {refusal ? <p className="cf-feedback cf-feedback--danger">{refusal}</p> : null}
      </div>
      <div id={SAVED_FIELD} tabIndex={-1} role="status">
        {savedNote ? <p className="cf-feedback cf-feedback--success">{savedNote}</p> : null}
      </div>
      <form className="cf-form__page" noValidate onSubmit={onSubmit} aria-busy={pagesLoading || undefined}>
        {pagesLoading ? <Spinner label={t('LocKey_Common_Loading')} /> : null}
        {pages.map((page) =>
          store && modelConfigs ? (
            <PageRenderer
              key={page.id}
              registries={REGISTRIES}
              page={page}
              formType={answer.formType}
              modelConfigs={modelConfigs}
              store={store}
              t={t}
              whitelist={whitelist}
              now={new Date()}
              culture={culture}
              pages={flow?.pages ?? [page]}
              settings={settings}
              refusal={pageRefusal && (pageRefusal.pageId === '' || pageRefusal.pageId === page.id) ? pageRefusal.view : null}
              editFileRecords
              fixedRecords={contextIds}
              ids={ids}
              documents={pageDocuments}
              hideActions
              onStoreChange={setStore}
              onDocumentsChange={onDocumentsChange}
              waitForUploads={waitForUploads}
            />
          ) : null,
        )}
        {documents.map((d) => {
          const id = documentField(d.kind);
          const errors = documentErrors(d.kind);
          return (
            <div key={d.kind} className={fieldClass('file', errors)}>
              <FieldLabel htmlFor={id} label={t('LocKey_Cure_Document', d.text)} required requiredText={t('LocKey_Common_RequiredMarker')} />
              {uploads[d.kind] ? (
                <p className="cf-cure__uploaded">
                  <span id={`${id}-uploaded`}>{t('LocKey_Cure_Uploaded', uploads[d.kind]?.name ?? '')}</span>{' '}
                  <Button type="button" variant="outline-primary" label={t('LocKey_Cure_Remove', uploads[d.kind]?.name ?? '')} onClick={() => void remove(d.kind)} />
                </p>
              ) : (
                <>
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
                      setUploadError(d.kind, null);
                    }}
                  />
                  <Button type="button" variant="outline-primary" label={uploading === d.kind ? t('LocKey_Cure_Uploading') : t('LocKey_Cure_Upload')} disabled={uploading !== null} onClick={() => void upload(d.kind)} />
                </>
              )}
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
        <Button type="submit" variant="primary" label={t('LocKey_Cure_Submit')} disabled={sending || uploading !== null || (pages.length > 0 && !store)} />
        <Button type="button" variant="outline-primary" label={t('LocKey_Cure_SaveLater')} disabled={sending || uploading !== null} onClick={() => void saveForLater()} />
        <Button type="button" variant="outline-primary" label={t('LocKey_Cure_Cancel')} onClick={onCancel} />
      </form>
    </section>
  );
}

interface QuietCureSave<P> {
  store: ModelStoreState | null;
  name: string;
  /** A send or a Save and finish later under way: it keeps the answers itself. */
  sending: boolean;
  /** Whether the cure asks for anything typed (pages or a signature): with documents only, nothing is kept here. */
  asks: boolean;
  /** Whether the answers the panel opens with are all there. */
  ready: boolean;
  progressOf: (store: ModelStoreState | null, name: string) => P;
  /** `leaving`: sent as the claimant leaves the page (see useTabHidden). */
  save: (progress: P, leaving: boolean) => Promise<{ ok: boolean }>;
}

/**
 * The cure's typed answers (its pages' answers and the name signed) kept with the cure in progress
 * without a press, as a claim's pages keep theirs: once typing pauses, and at once when the
 * claimant leaves the tab (a phone may discard a tab in the background), so that signing in on the
 * status page again finds them. Quiet: nothing is shown, and a value the checks still refuse (half
 * an e-mail address) is not told while the claimant types; Send or Save and finish later tells it.
 * `kept` notes a save made by the button, so that the same answers are not sent again; `settled`
 * waits for the quiet saves under way, which the button's save goes after.
 */
function useQuietCureSave<P>({ store, name, sending, asks, ready, progressOf, save }: QuietCureSave<P>): { kept: (progress: P) => void; settled: () => Promise<void> } {
  const latest = useRef({ store, name, sending, asks, progressOf, save });
  latest.current = { store, name, sending, asks, progressOf, save };
  // What the server holds as far as this panel knows: the answers the panel opened with, then each one kept.
  const keptBody = useRef<string | null>(null);
  const kept = useCallback((progress: P) => {
    keptBody.current = JSON.stringify(progress);
  }, []);
  // Saves sent, counted: they are not queued (the leaving one cannot wait), so one answered after a
  // later one was sent may have been stored over it.
  const savesSent = useRef(0);
  const underWay = useRef(new Set<Promise<unknown>>());
  const settled = useCallback(() => Promise.allSettled([...underWay.current]).then(() => undefined), []);
  const saveTyped = useCallback((leaving = false) => {
    const now = latest.current;
    if (!now.asks || now.sending || keptBody.current === null) return;
    const progress = now.progressOf(now.store, now.name);
    const body = JSON.stringify(progress);
    if (body === keptBody.current) return;
    keptBody.current = body;
    const sent = ++savesSent.current;
    const saving = now.save(progress, leaving);
    underWay.current.add(saving);
    const done = () => void underWay.current.delete(saving);
    saving.then(done, done);
    void saving.then(
      (result) => {
        // Refused: tried again by the next change (or told by the buttons).
        if (!result.ok && keptBody.current === body) keptBody.current = '';
        // Overtaken, and perhaps stored after the later answers: what the server holds is not
        // known, so the answers as they are now are sent again.
        if (result.ok && sent !== savesSent.current) {
          keptBody.current = '';
          saveTyped();
        }
      },
      () => {
        if (keptBody.current === body) keptBody.current = '';
      },
    );
  }, []);
  useEffect(() => {
    if (!asks || !ready) return;
    // The answers the panel opens with are the server's already: the first change is what is kept.
    if (keptBody.current === null) {
      keptBody.current = JSON.stringify(latest.current.progressOf(store, name));
      return;
    }
    const timer = setTimeout(() => saveTyped(), TYPED_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [asks, ready, store, name, saveTyped]);
  useTabHidden(useCallback(() => saveTyped(true), [saveTyped]));
  return { kept, settled };
}
