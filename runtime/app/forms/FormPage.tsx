import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { USER_MESSAGES } from '../../core/errors';
import { findModel } from '../../core/models';
import { backTarget, scopeFromStore, skipPredicate } from '../../core/navigation';
import type { DocumentFile, FlowFile, ModelConfig, ModelStoreState, PageAction } from '../../core/types';
import { loadSameFields } from '../../react/ModelFields';
import { PageRenderer, type ActionDetail } from '../../react/PageRenderer';
import { prepareBlocksWhenIdle, whenIdle } from '../../react/prepare';
import { REGISTRIES } from './registries';
import { validatePage } from '../../core/view/validatePage';
import { preparePage } from '../../core/view/dependencies';
import { ALREADY_FILED, refusalView, submitRefusalView } from '../../core/view/refusal';
import { translateOr } from '../../react/translate';
import type { StoreSource } from '../../react/types';
import { loadUploadTransport } from '../api';
import { RecordSaves } from '../chunks';
import { useApp, useServices, useT } from '../context';
import { useDocumentTitle } from '../useDocumentTitle';
import { changeDocuments, draftDocuments, whenUploaded } from './documentUploads';
import { useFormSelector, whenSnapshot } from './formActor';
import { skipScopedSelect } from './skipScoped';
import { loadFormEngine, loadSubmitCode, savePage, type FormSession } from './formSessions';
import { loadClaimChecks, type SavedForLater } from '../../core/api';
import { Button } from '../../widgets/Button';
import { preloadWidgets } from '../../widgets/later';
import { RESUME_PATH, STATUS_PATH } from '../routes';
import { keepResumeCode, pendingResumeCode, resumeClaim } from './resume';
import { SavedForLaterPanel, SaveForLaterButton } from './SaveForLater';
import { SessionTimeoutModal } from './SessionWarning';

/** No model configs (not loaded): the same array on every render. */
const NO_MODEL_CONFIGS: ModelConfig[] = [];

/** On a form's sign-in page: the way to the status page, for a claimant whose claim is already filed. */
function StatusLink() {
  const t = useT();
  const culture = useApp((s) => s.culture) ?? 'en';
  return (
    <p className="cf-status-link">
      {t('LocKey_Status_StartPagePrompt')} <Link href={`${STATUS_PATH}?culture=${culture}`}>{t('LocKey_Status_StartPageLink')}</Link>
    </p>
  );
}

/**
 * On a form's sign-in page: the way to /resume, or, when the claimant came from there, which claim
 * this sign-in continues (and a way to start a new one instead).
 */
function ResumeNotice({ formType }: { formType: FormSession['formType'] }) {
  const t = useT();
  const culture = useApp((s) => s.culture) ?? 'en';
  // Read after the first render: the server draws start pages without the tab's storage, and the
  // first render must match what it drew. In idle time: the page's first read of its storage waits
  // on the browser's process, which is busiest while the page loads.
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    whenIdle(() => {
      if (current) setCode(pendingResumeCode(formType));
    }, 1000);
    return () => {
      current = false;
    };
  }, [formType]);
  if (!code) {
    return (
      <p className="cf-resume-notice">
        {t('LocKey_Resume_StartPagePrompt')} <Link href={`${RESUME_PATH}?culture=${culture}`}>{t('LocKey_Resume_StartPageLink')}</Link>
      </p>
    );
  }
  return (
    <div className="cf-resume-notice cf-feedback cf-feedback--default" role="status">
      <p>{t('LocKey_Resume_Continuing', code)}</p>
      <Button
        variant="outline-secondary"
        label={t('LocKey_Resume_StartNewInstead')}
        onClick={() => {
          keepResumeCode(formType, null);
          setCode(null);
        }}
      />
    </div>
  );
}

/**
 * A sign-in refused because its form was filed already (the settlement accepts no other): a notice
 * beside the sign-in, not an answer to correct, focused when it shows so that a screen reader reads
 * it at once (each attempt clears the refusal, so a new answer shows and is focused anew).
 */
function AlreadyFiledNotice({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} className="cf-filed-notice cf-feedback cf-feedback--default" role="status" tabIndex={-1}>
      <p>{message}</p>
    </div>
  );
}

/**
 * Pages holding the signature model get today's signature date from the server (spec §7). Answers
 * a promise (in a ref) that settles once the date last asked for is in the answers or was refused:
 * a Submit pressed before the server's answer waits for it, else the claim would go without its date.
 */
function useSignatureDate(session: FormSession, pageId: string): { readonly current: Promise<void> } {
  const { flows } = useServices();
  const culture = useApp((s) => s.culture) ?? 'en';
  const page = flows.flow(session.formType).pages.find((p) => p.id === pageId);
  const needsDate = Boolean(page?.blocks.some((b) => b.block === 'model' && b.model === 'Signature' && b.fields.some((f) => f.key === 'signatureDate')));
  const services = useServices();
  const dated = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!needsDate) return;
    let live = true;
    dated.current = import('./signatureDate').then((m) => m.fillSignatureDate(services, session, culture, () => live)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [needsDate, culture, services, session]);
  return dated;
}

/**
 * The routed page of a running form, rendered from its flow config inside a form whose native
 * submit is suppressed. Answers live in the form machine, so leaving and coming back keeps them.
 */
/**
 * Once the claimant is in a form's fields, the later pages' blocks and widgets, the upload transport, the submit's code,
 * the saved-for-later panel and the session warning are made ready in idle time (their code, their locale data), so that moving on renders at
 * once and the submit sends at once. The checks that read the sign-in's answer come at once, for
 * every form (a lookup has no submit to bring them): the press on this page never waits for them.
 */
function prepareLaterPages(flow: FlowFile, culture: string) {
  void loadClaimChecks();
  // The form machine, which the press needs: its code comes while the claimant types; and the
  // saves of the pages after it.
  void loadFormEngine().catch(() => undefined);
  void RecordSaves.preload().catch(() => undefined);
  prepareBlocksWhenIdle(flow.pages, culture, REGISTRIES.blocks);
  whenIdle(() => {
    void preloadWidgets();
    void loadSameFields().catch(() => undefined); // a keystroke then draws only the fields that read what it changed
    void loadUploadTransport().catch(() => undefined); // the document widget's uploads
    if (flow.submit) {
      void loadSubmitCode().catch(() => undefined); // not in (offline): the submit asks again
      // The pages after sign-in offer Save and finish later: its panel's code comes now rather than
      // while the first of them draws.
      void SavedForLaterPanel.preload().catch(() => undefined);
    }
    void SessionTimeoutModal.preload().catch(() => undefined);
  }, 2000);
}

/**
 * `onEntered`: the claimant moved into the page's fields. `drawnAhead`: the page is drawn before
 * it opens (FormPages), as it will open: with the defaults and resets the app stores when it opens.
 */
export function FormPage({ session, pageId, onEntered, drawnAhead = false }: { session: FormSession; pageId: string; onEntered?: () => void; drawnAhead?: boolean }) {
  const t = useT();
  const { actor, formType } = session;
  const services = useServices();
  const { api } = services;
  const flow = services.flows.flow(formType);
  const page = flow.pages.find((p) => p.id === pageId)!;
  const settings = useApp((s) => s.settings);
  const modelConfigs = useApp((s) => s.modelConfigs ?? NO_MODEL_CONFIGS);
  const whitelist = useApp((s) => s.whitelist);
  const captcha = useApp((s) => s.captcha);
  const culture = useApp((s) => s.culture) ?? 'en';
  // Whether this page is the one being left (not the whole navigation state): the end of the
  // route change that opened it does not draw the new page a second time.
  const isNavigating = useFormSelector(actor, (s) => s.context.navigation.isNavigating && s.context.navigation.currentPage !== pageId);
  const lookupResult = useFormSelector(actor, (s) => s.context.lookupResult);
  const referenceCode = useFormSelector(actor, (s) => s.context.referenceCode);
  const submittedAt = useFormSelector(actor, (s) => s.context.submittedAt);
  const receiptAddress = useFormSelector(actor, (s) => s.context.receiptAddress);
  const deadlines = useApp((s) => s.deadlines);
  const isSubmitting = useFormSelector(actor, (s) => s.context.isSubmitting);
  const authorizationError = useFormSelector(actor, (s) => s.context.authorizationError);
  const authorizationErrorCode = useFormSelector(actor, (s) => s.context.authorizationErrorCode);
  const draftRefusal = useFormSelector(actor, (s) => s.context.draftRefusal);
  const submitRefusal = useFormSelector(actor, (s) => s.context.submitRefusal);
  const documents = useSyncExternalStore(session.subscribeDocuments, () => session.documents, () => session.documents);
  const authorized = useFormSelector(actor, (s) => s.context.authorized);
  const [savedForLater, setSavedForLater] = useState<SavedForLater | null>(null);
  // Every in-flow page of a filed form after sign-in, until the claim is submitted.
  const offersSaveForLater =
    authorized && flow.submit !== undefined && page.requiresAuthorization && page.inFlow !== false && page.action !== 'none' && !referenceCode;
  // A save is answered in the language shown when it starts (also an upload).
  const cultureRef = useRef(culture);
  cultureRef.current = culture;

  const signatureDated = useSignatureDate(session, pageId);
  // A page that submits, opened by a reload, has its submit's code ready before it is used.
  useEffect(() => {
    if (page.action === 'submit') whenIdle(() => void loadSubmitCode().catch(() => undefined), 2000);
  }, [page.action]);
  useDocumentTitle(page.titleKey, flow.titleKey);

  // The shown page's own Back target: during a route change the page being left is shown (its
  // buttons disabled) while the machine is already on the next one. A yes or no: the answers'
  // changes that leave it as it was do not draw the page.
  const hasBack = useMemo(
    () => skipScopedSelect(flow, (navigation, isSkipped) => backTarget({ ...navigation, currentPage: pageId, isNavigating: false }, isSkipped) !== null),
    [flow, pageId],
  );
  const canGoBack = useFormSelector(actor, (s) => page.action !== 'none' && hasBack(s));
  // The answers, read by each block of the page (a keystroke draws the blocks, not this page).
  const internationalAddresses = settings.internationalAddresses;
  const storeSource = useMemo<StoreSource>(() => {
    const answers = () => actor.getSnapshot().context.store;
    const opened = new WeakMap<ModelStoreState, ModelStoreState>();
    const asOpened = () => {
      const store = answers();
      let prepared = opened.get(store);
      if (!prepared) opened.set(store, (prepared = preparePage(page, store, { formType, modelConfigs, internationalAddresses })));
      return prepared;
    };
    return {
      get: drawnAhead ? asOpened : answers,
      subscribe: (listener) => {
        const subscription = actor.subscribeAnswers(listener);
        return () => subscription.unsubscribe();
      },
    };
  }, [actor, drawnAhead, page, formType, modelConfigs, internationalAddresses]);
  const rendererSettings = useMemo(
    () => ({ internationalAddresses: settings.internationalAddresses, captchaEnabled: settings.captchaEnabled }),
    [settings.internationalAddresses, settings.captchaEnabled],
  );

  // A refused sign-in shows on its page, beside the answers to correct, whatever redirectOnError
  // says (the lookup page answers in its own box). A refused save of the page and a refused Submit
  // show on the page too: answers to correct in the error summary, the rest (already filed, the
  // session, the service down, no answer) in a notice.
  const refusal = useMemo(() => {
    // A failure with no text of the server's (no answer) is not the claimant's to correct.
    const shown = page.action === 'submit' && submitRefusal ? submitRefusal : draftRefusal;
    if (shown) {
      const { messageKey, message, code, filedReferenceCode, fieldErrors } = shown;
      return submitRefusalView(page, { code, message: messageKey ? translateOr(t, messageKey, message) : message, notice: messageKey !== null, filedReferenceCode, fieldErrors }, t);
    }
    const correctable = authorizationError && authorizationErrorCode !== ALREADY_FILED;
    return page.action === 'authorize' && correctable ? refusalView(page, { code: authorizationErrorCode, message: authorizationError }, t) : null;
  }, [page, authorizationError, authorizationErrorCode, draftRefusal, submitRefusal, t]);
  // What this sign-in would file was filed already: told beside the sign-in instead.
  const alreadyFiled = page.action === 'authorize' && authorizationErrorCode === ALREADY_FILED ? authorizationError : null;

  const onStoreChange = useCallback((next: ModelStoreState) => actor.send({ type: 'UPDATE_STORE', store: next }), [actor]);
  const onDocumentsChange = useCallback((next: DocumentFile[]) => changeDocuments(session, draftDocuments(api, session.formType), () => cultureRef.current, next), [session, api]);
  const waitForUploads = useCallback((clientIds: readonly string[]) => whenUploaded(session, clientIds), [session]);

  /** After an edit link: Next returns to the summary, unless a page in between now needs answers. */
  const returnTarget = (store: ModelStoreState): string | null => {
    // Read from the session: the edit link was followed on another page.
    const returnTo = session.returnTo;
    if (!returnTo) return null;
    const isSkipped = skipPredicate(flow, scopeFromStore(store));
    const order = actor.getSnapshot().context.navigation.nodes.filter((n) => n.inFlow).map((n) => n.id);
    const between = order.slice(order.indexOf(pageId) + 1, order.indexOf(returnTo));
    const env = { t, whitelist, now: new Date(), formType, settings: rendererSettings };
    const blocked = between.some((id) => {
      const p = flow.pages.find((x) => x.id === id);
      return p !== undefined && !isSkipped(id) && validatePage(p, modelConfigs, store, env).errors.length > 0;
    });
    return blocked ? null : returnTo;
  };

  const onAction = async (action: PageAction | 'back', detail: ActionDetail): Promise<void> => {
    // Next and Back are the form machine's: on a start page the press waits for its code (busy meanwhile).
    if ((action === 'back' || action === 'next') && actor.machine() === null && !(await actor.ready().then(() => true, () => false))) {
      services.store.set({ errorDialog: { showError: true, header: null, message: USER_MESSAGES.requestFailed.key } });
      return;
    }
    const snapshot = actor.getSnapshot();
    switch (action) {
      case 'back':
        actor.send({ type: 'BACK' });
        return;
      case 'next': {
        const target = returnTarget(snapshot.context.store);
        if (target) session.returnTo = null;
        actor.send(target ? { type: 'NEXT', to: target } : { type: 'NEXT' });
        const moved = actor.getSnapshot().context;
        // Once authorized, the page just left is saved on the server while the next one shows:
        // a refusal brings the claimant back to it with the server's message.
        if (moved.navigation.currentPage !== pageId && moved.authorized && page.requiresAuthorization) {
          void session.inOrder(() => savePage({ api }, { formType, pageId, store: moved.store }, session.submits, { culture: cultureRef.current })).then((saved) => {
            if (actor.getSnapshot().status !== 'active') return;
            if (saved.refusal !== null) actor.send({ type: 'DRAFT_REFUSED', pageId, refusal: saved.refusal });
            else if (saved.sessionExpiresAt !== null) actor.send({ type: 'SESSION_EXTENDED', expiresAt: saved.sessionExpiresAt });
          });
        }
        return;
      }
      case 'authorize':
      case 'lookup':
        actor.send({ type: 'AUTHORIZE', credentials: findModel(snapshot.context.store, 'credentials'), captchaToken: detail.captchaToken ?? null });
        await whenSnapshot(actor, (s) => !s.matches({ open: { flow: 'authorizing' } }));
        // Signed in with a resume code: the claim saved for later opens on its page.
        if (action === 'authorize' && actor.getSnapshot().context.authorized && pendingResumeCode(formType)) {
          keepResumeCode(formType, null);
          session.resumingAfterSignIn = true;
          try {
            await resumeClaim(services, formType, '');
          } finally {
            session.resumingAfterSignIn = false;
          }
        }
        return;
      case 'submit':
        await signatureDated.current;
        actor.send({ type: 'SUBMIT', captchaToken: detail.captchaToken ?? null });
        await whenSnapshot(actor, (s) => !s.matches({ open: { flow: 'submitting' } }));
        return;
      default:
        return;
    }
  };

  const onEditPage = (target: string) => {
    session.returnTo = pageId;
    actor.send({ type: 'GOTO', pageId: target });
  };

  if (savedForLater) return <SavedForLaterPanel session={session} saved={savedForLater} onContinue={() => setSavedForLater(null)} />;

  return (
    // The claimant's first focus in the form: the flow's blocks get ready for later pages while they type.
    // method="dialog" outside a dialog submits nothing: on a start page drawn on the server, Enter
    // before the app has taken it over would otherwise send the answers in the page's address.
    <form
      className="cf-form__page cf-surface"
      method="dialog"
      noValidate
      onSubmit={(e) => e.preventDefault()}
      onFocus={() => {
        prepareLaterPages(flow, culture);
        onEntered?.();
      }}
    >
      <PageRenderer
        registries={REGISTRIES}
        page={page}
        formType={formType}
        modelConfigs={modelConfigs}
        storeSource={storeSource}
        documents={documents}
        t={t}
        whitelist={whitelist}
        now={new Date()}
        culture={culture}
        pages={flow.pages}
        settings={rendererSettings}
        captcha={captcha}
        referenceCode={referenceCode}
        submittedAt={submittedAt}
        receiptAddress={receiptAddress}
        deadlines={deadlines}
        lookupResult={lookupResult}
        refusal={refusal}
        ids={session.ids}
        canGoBack={canGoBack}
        isSubmitting={isSubmitting}
        isNavigating={isNavigating}
        onStoreChange={onStoreChange}
        onDocumentsChange={onDocumentsChange}
        waitForUploads={waitForUploads}
        onAction={onAction}
        onEditPage={onEditPage}
      >
        {alreadyFiled ? <AlreadyFiledNotice message={alreadyFiled} /> : null}
      </PageRenderer>
      {/* From the answers it opens with: drawn ahead of its sign-in (FormPages), the prefilled answers' arrival is no typing to save. Its own boundary: while its code is coming, the page stays as it is. */}
      {authorized && page.requiresAuthorization ? (
        <Suspense fallback={null}>
          <RecordSaves session={session} page={page} pageId={pageId} />
        </Suspense>
      ) : null}
      {page.action === 'authorize' && flow.submit ? <ResumeNotice formType={formType} /> : null}
      {page.action === 'authorize' && flow.submit ? <StatusLink /> : null}
      {offersSaveForLater ? (
        <SaveForLaterButton session={session} page={page} disabled={isSubmitting || isNavigating} onSaved={setSavedForLater} />
      ) : null}
    </form>
  );
}
