import { assign, emit, fromPromise, setup } from 'xstate';
import { devError, DevError, USER_MESSAGES } from '../core/errors';
import { applyPrepopulated, findModel, setFieldValues, withOpenRecords } from '../core/models';
import {
  backTarget,
  beginNavigation,
  endNavigation,
  exitPath,
  goTo,
  nextTarget,
  nodeById,
  nodeForPath,
  scopeFromStore,
  skipPredicate,
  type SkipPredicate,
} from '../core/navigation';
import { signsIn } from '../core/flow/pages';
import type { FlowFile, FormType, PageConfig } from '../core/types';
import { contextFromInput, initialContext, initialNavigation, prepopulatedFieldsOf, type FreshContextInput } from './context';
import type {
  AuthorizeInput,
  AuthorizeOutput,
  FormFailure,
  FormMachineContext,
  FormMachineEmitted,
  FormMachineEvent,
  FormMachineInput,
  FormMachineOutput,
  GotoRefusal,
  SubmitInput,
  SubmitOutput,
} from './types';

export { DEFAULT_MIN_SESSION_DURATION, prepopulatedFieldsOf } from './context';

/** Spec §4/§9: the warning shows one minute before expiry. */
export const WARNING_BEFORE_EXPIRY_MS = 60_000;
/** Spec §4/§9: the countdown ticks every second. */
export const TICK_MS = 1_000;

/** The default of an injected actor: it fails with a message that says how to provide it. */
function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw devError('ACTOR_NOT_PROVIDED', name);
  });
}

/**
 * The user-facing failure of a rejected call: the one the API client attached to its error
 * (ApiCallError.failure: error text and errorKey), else the spec's message for the call.
 */
function failureOf(event: unknown, source: FormFailure['source'], fallback: { key: string; en: string }): FormFailure {
  const error = (event as { error?: { failure?: { error?: unknown; errorKey?: unknown; status?: unknown } } }).error;
  const attached = error?.failure;
  // A call's failure says its status (null: no answer); an exception of our own says none.
  const status = attached ? { status: typeof attached.status === 'number' ? attached.status : null } : {};
  if (attached && typeof attached.errorKey === 'string' && typeof attached.error === 'string') {
    return { source, messageKey: attached.errorKey, message: attached.error, ...status };
  }
  return { source, messageKey: fallback.key, message: fallback.en, ...status };
}

/** A page change leaves the refusals of the page it leaves behind. */
const NO_REFUSALS: Pick<FormMachineContext, 'draftRefusal' | 'submitRefusal' | 'pressRefusal'> = { draftRefusal: null, submitRefusal: null, pressRefusal: null };

type GotoResolution = { pageId: string } | { refused: GotoRefusal; target: string };

/**
 * One machine per form type (spec §4): authorize → pages → submit → confirmation, next/back with
 * skip rules, and the session timer as a parallel region. The `authorize` and `submit` actors are
 * injected with machine.provide({ actors }) so the app wires the API client and tests wire functions.
 */
export function createFormMachine(flow: FlowFile) {
  const formType: FormType = flow.formType;
  const pages = new Map<string, PageConfig>(flow.pages.map((p) => [p.id, p]));
  const navigation0 = initialNavigation(flow);
  const submitPage = flow.submit ? flow.pages.find((p) => p.action === 'submit' && p.inFlow !== false) : undefined;
  /** The page shown after an accepted submission: the in-flow page after the submit page. */
  const confirmationPage = submitPage ? (nodeById(navigation0, submitPage.id)?.next ?? null) : null;
  const defaultPrepopulated = prepopulatedFieldsOf(flow);

  const pageOf = (ctx: FormMachineContext): PageConfig | undefined =>
    ctx.navigation.currentPage === null ? undefined : pages.get(ctx.navigation.currentPage);
  const skipped = (ctx: FormMachineContext): SkipPredicate => skipPredicate(flow, scopeFromStore(ctx.store));
  const pathOf = (pageId: string): string => pages.get(pageId)?.path ?? '';
  /** A page the claimant may open now: authorized when it requires it; confirmation only through submit. */
  const reachable = (ctx: FormMachineContext, pageId: string): GotoRefusal | null => {
    const page = pages.get(pageId);
    if (!page) return 'notFound';
    if (page.requiresAuthorization && !ctx.authorized) return 'unauthorized';
    if (pageId === confirmationPage) return 'notSubmitted';
    return null;
  };
  const stepTarget = (ctx: FormMachineContext, link: 'next' | 'back'): string | null => {
    if (ctx.navigation.isNavigating) return null;
    const target = (link === 'next' ? nextTarget : backTarget)(ctx.navigation, skipped(ctx));
    return target !== null && reachable(ctx, target) === null ? target : null;
  };
  /** Where a NEXT goes: the page it names (the summary an edit link came from) when reachable, else the next page. */
  const nextTargetOf = (ctx: FormMachineContext, event: { type: string; to?: string }): string | null => {
    if (event.type !== 'NEXT' || event.to === undefined) return stepTarget(ctx, 'next');
    return !ctx.navigation.isNavigating && reachable(ctx, event.to) === null ? event.to : null;
  };
  const resolveGoto = (ctx: FormMachineContext, event: FormMachineEvent): GotoResolution => {
    if (event.type !== 'GOTO') return { refused: 'notFound', target: '' };
    const target = 'pageId' in event ? event.pageId : event.path;
    if (ctx.navigation.isNavigating) return { refused: 'navigating', target };
    let pageId: string;
    if ('pageId' in event) {
      if (!pages.has(event.pageId)) return { refused: 'notFound', target };
      pageId = event.pageId;
    } else {
      try {
        pageId = nodeForPath(ctx.navigation, event.path).id;
      } catch (error) {
        if (error instanceof DevError && error.code === 'SEVERAL_NODES_FOR_PATH') return { refused: 'severalMatches', target };
        return { refused: 'notFound', target };
      }
    }
    const refusal = reachable(ctx, pageId);
    return refusal ? { refused: refusal, target } : { pageId };
  };
  /**
   * The page a restored claim opens on: the addressed page when the saved answers reach it (at or
   * before the page after the saved one, not skipped), else the page after the saved one — the
   * saved one itself when it was saved unfinished; with no saved page, the first page after the
   * start page.
   */
  const restoredPage = (ctx: FormMachineContext, saved: string | null, addressed: string, unfinished: boolean): string | null => {
    const isSkipped = skipped(ctx);
    const order = ctx.navigation.nodes.filter((n) => n.inFlow && !isSkipped(n.id) && pages.get(n.id)?.requiresAuthorization).map((n) => n.id);
    const savedAt = saved === null ? -1 : order.indexOf(saved);
    const nextAt = unfinished && savedAt !== -1 ? savedAt : savedAt + 1;
    const furthest = order[Math.min(nextAt, order.length - 1)] ?? null;
    const addressedAt = order.indexOf(addressed);
    if (addressedAt !== -1 && addressedAt <= nextAt && reachable(ctx, addressed) === null) return addressed;
    return furthest !== null && reachable(ctx, furthest) === null ? furthest : null;
  };
  const failure = (source: FormFailure['source'], message: { key: string; en: string }): FormFailure => ({
    source,
    messageKey: message.key,
    message: message.en,
  });
  const freshContext = (input: FreshContextInput): FormMachineContext => initialContext(formType, navigation0, input);

  return setup({
    types: {
      context: {} as FormMachineContext,
      events: {} as FormMachineEvent,
      input: {} as FormMachineInput,
      emitted: {} as FormMachineEmitted,
      output: {} as FormMachineOutput,
    },
    actors: {
      authorize: notProvided<AuthorizeOutput, AuthorizeInput>('authorize'),
      submit: notProvided<SubmitOutput, SubmitInput>('submit'),
    },
    guards: {
      canGoNext: ({ context, event }) => nextTargetOf(context, event) !== null,
      canGoBack: ({ context }) => stepTarget(context, 'back') !== null,
      gotoAllowed: ({ context, event }) => 'pageId' in resolveGoto(context, event),
      hasPageEngine: ({ context }) => context.engine !== null,
      pressRefused: ({ context }) => context.pressRefusal !== null,
      pageAuthorizes: ({ context }) => signsIn(pageOf(context)),
      pageSubmits: ({ context }) => submitPage !== undefined && context.navigation.currentPage === submitPage.id && context.authorized,
      isLookupPage: ({ context }) => pageOf(context)?.action === 'lookup',
      authorizedOnAnswer: ({ event }) => 'output' in event && (event.output as AuthorizeOutput).authorized === true,
      submissionAccepted: ({ event }) => {
        const out = 'output' in event ? (event.output as SubmitOutput) : null;
        return out !== null && out.submitted === true && typeof out.referenceCodeForm === 'string' && out.referenceCodeForm !== '';
      },
      submittedWithoutReference: ({ event }) => 'output' in event && (event.output as SubmitOutput).submitted === true,
      refusedWithText: ({ event }) => 'output' in event && typeof (event.output as { error?: unknown }).error === 'string',
      // While a submit is in flight the claimant is waiting on us (a slow upload may take minutes):
      // the timer stops, and starts over with the whole duration if the page stays.
      sessionTimeoutEnabled: ({ context }) => pageOf(context)?.sessionTimeout === true && !context.isSubmitting,
      sessionTimeoutDisabled: ({ context }) => pageOf(context)?.sessionTimeout !== true || context.isSubmitting,
    },
    actions: {
      goNext: assign(({ context, event }) => ({ navigation: goTo(context.navigation, nextTargetOf(context, event) as string), ...NO_REFUSALS })),
      /** The page engine's press: the open records that can be saved are saved; what refuses it stays for the page to show. */
      press: assign(({ context, event }) => {
        const page = pageOf(context);
        return event.type === 'PRESS' && context.engine && page ? context.engine.press(page, context.store, event.env, event.documents) : {};
      }),
      /** A records button, run by the page engine. */
      recordButton: assign(({ context, event }) => {
        const page = pageOf(context);
        const isButton = event.type === 'RECORD_START' || event.type === 'RECORD_SAVE' || event.type === 'RECORD_REMOVE';
        return isButton && context.engine && page ? context.engine.button(page, context.store, event) : {};
      }),
      goBack: assign(({ context }) => ({ navigation: goTo(context.navigation, stepTarget(context, 'back') as string), ...NO_REFUSALS })),
      goToTarget: assign(({ context, event }) => {
        const resolved = resolveGoto(context, event);
        return 'pageId' in resolved ? { navigation: goTo(context.navigation, resolved.pageId), ...NO_REFUSALS } : {};
      }),
      returnToRefusedPage: assign(({ context, event }) => {
        if (event.type !== 'DRAFT_REFUSED') return {};
        const back = reachable(context, event.pageId) === null ? goTo(context.navigation, event.pageId) : context.navigation;
        return { navigation: back, draftRefusal: event.refusal, submitRefusal: null };
      }),
      forgetDraftRefusal: assign({ draftRefusal: null }),
      noteServerDeadline: assign(({ context, event }) =>
        event.type === 'SESSION_EXTENDED' ? { session: { ...context.session, serverDeadline: event.expiresAt } } : {},
      ),
      /** Continue in the warning: the browser's own duration until the keep-alive it sends answers the server's expiry. */
      forgetServerDeadline: assign(({ context }) => ({ session: { ...context.session, serverDeadline: null } })),
      emitPageChanged: emit(({ context }) => ({
        type: 'pageChanged' as const,
        pageId: context.navigation.currentPage ?? '',
        path: pathOf(context.navigation.currentPage ?? ''),
      })),
      emitGotoRefused: emit(({ context, event }) => {
        const resolved = resolveGoto(context, event);
        return 'refused' in resolved
          ? { type: 'gotoRefused' as const, reason: resolved.refused, target: resolved.target }
          : { type: 'gotoRefused' as const, reason: 'notFound' as const, target: '' };
      }),
      startNavigation: assign(({ context, event }) => {
        const store = event.type === 'ROUTE_CHANGE_START' && event.store ? { store: event.store } : {};
        return context.navigation.isNavigating ? store : { navigation: beginNavigation(context.navigation), ...store };
      }),
      finishNavigation: assign(({ context }) => ({ navigation: endNavigation(context.navigation) })),
      updateStore: assign(({ event }) => (event.type === 'UPDATE_STORE' ? { store: event.store } : {})),
      dismissError: assign({ failure: null, rejection: null }),
      /** Spec §4: on an attempt authorization resets to false and the error is cleared. */
      startAuthorization: assign({ authorized: false, authorizationError: null, authorizationErrorCode: null, failure: null, lookupResult: null }),
      storeAuthorization: assign(({ context, event }) => {
        const out = (event as unknown as { output: AuthorizeOutput }).output;
        const authorized = out.authorized === true;
        const prepopulatedData = out.prepopulatedData ?? null;
        return {
          authorized,
          authorizationError: out.error ?? null,
          authorizationErrorCode: out.code ?? null,
          captcha: out.captcha ?? null,
          prepopulatedData,
          store: authorized ? applyPrepopulated(context.store, prepopulatedData, context.prepopulatedFields) : context.store,
        };
      }),
      storeLookupResult: assign(({ event }) => {
        const out = (event as unknown as { output: AuthorizeOutput }).output;
        return { lookupResult: { authorized: out.authorized === true, error: out.error ?? null } };
      }),
      /** Spec §4: any failure other than a server answer gives the generic message and authorized=false. */
      authorizationFailed: assign(({ event }) => ({
        authorized: false,
        authorizationError: null,
        authorizationErrorCode: null,
        failure: failureOf(event, 'authorize', USER_MESSAGES.generic),
      })),
      emitCaptchaReset: emit({ type: 'captchaReset' as const }),
      emitFailure: emit(({ context }) => ({
        type: 'failure' as const,
        failure: context.failure ?? failure('authorize', USER_MESSAGES.generic),
      })),
      startSubmission: assign({ isSubmitting: true, failure: null, rejection: null, authorizationError: null, authorizationErrorCode: null, submitRefusal: null }),
      endSubmission: assign({ isSubmitting: false }),
      /** Spec §4: a second attempt while one is in flight is rejected. */
      rejectSecondSubmit: assign(() => {
        const error = devError('ALREADY_SUBMITTING');
        return { rejection: { code: error.code, message: error.message } };
      }),
      emitRejected: emit(({ context }) => ({
        type: 'rejected' as const,
        code: context.rejection?.code ?? 'ALREADY_SUBMITTING',
        message: context.rejection?.message ?? '',
      })),
      storeReferenceCode: assign(({ context, event }) => {
        const out = (event as unknown as { output: SubmitOutput }).output;
        return {
          referenceCode: out.referenceCodeForm,
          submittedAt: context.now(),
          receiptAddress: out.receiptQueued ? (out.receiptAddress ?? null) : null,
          navigation: confirmationPage ? goTo(context.navigation, confirmationPage) : context.navigation,
        };
      }),
      emitSubmitted: emit(({ context }) => ({ type: 'submitted' as const, referenceCode: context.referenceCode ?? '' })),
      /**
       * Spec §4: on submit 400 the error text becomes the authorization error. It (and a 409, 413
       * or 503 with the server's text) is also the submit's refusal, shown on the submit page.
       */
      storeSubmitError: assign(({ event }) => {
        const out = (event as unknown as { output: SubmitOutput }).output;
        const message = out.error ?? null;
        return {
          authorizationError: message,
          submitRefusal:
            message === null ? null : { message, code: out.code ?? null, messageKey: null, filedReferenceCode: out.filedReferenceCode ?? null, fieldErrors: out.fieldErrors ?? [] },
        };
      }),
      emitSubmitServerError: emit(({ event }) => ({
        type: 'serverError' as const,
        source: 'submit' as const,
        message: (event as unknown as { output: SubmitOutput }).output.error ?? '',
      })),
      missingReferenceCode: assign({
        failure: failure('submit', USER_MESSAGES.missingReferenceCode),
        submitRefusal: { message: USER_MESSAGES.missingReferenceCode.en, code: null, messageKey: USER_MESSAGES.missingReferenceCode.key },
      }),
      submissionFailed: assign(({ event }) => {
        const failed = failureOf(event, 'submit', USER_MESSAGES.submitFailed);
        return { failure: failed, submitRefusal: { message: failed.message, code: null, messageKey: failed.messageKey } };
      }),
      // Activity restarts the whole duration, but never past the server's expiry: the warning and the
      // expiry the claimant sees are the server's (the app's keep-alive moves that one on).
      restoreClaim: assign(({ context, event }) => {
        if (event.type !== 'RESTORE') return {};
        // The server's models replace the fresh ones of the same kind (one claimant, one contact…).
        // The prefilled answers go first, as after authorize: the saved ones replace them where saved.
        const prepopulatedData = event.prepopulatedData ?? null;
        const prefilled = applyPrepopulated(context.initialStore, prepopulatedData, context.prepopulatedFields);
        const signIn = findModel(prefilled, 'credentials');
        const initial = event.credentials && signIn ? setFieldValues(prefilled, signIn.clientId, event.credentials) : prefilled;
        const kinds = new Set(event.models.map((m) => m.metadata.dtoMapping));
        const keep = (m: { metadata: { dtoMapping: string } }) => !kinds.has(m.metadata.dtoMapping);
        const answers = { ...initial, saved: [...initial.saved.filter(keep), ...event.models], drafts: initial.drafts.filter(keep) };
        // The records being typed on the page saved last open again as they were typed.
        const store = event.pageId === null ? answers : withOpenRecords(pages.get(event.pageId), answers, event.openRecords ?? []);
        const restored = { ...context, store, authorized: true, captcha: event.captcha };
        const page = restoredPage(restored, event.pageId, event.addressed, event.unfinished === true);
        return { store, authorized: true, captcha: event.captcha, prepopulatedData, navigation: page ? goTo(navigation0, page) : navigation0 };
      }),
      resetDeadline: assign(({ context }) => ({
        session: {
          ...context.session,
          deadline: Math.min(context.now() + context.session.durationMs, context.session.serverDeadline ?? Number.POSITIVE_INFINITY),
          remainingSeconds: null,
        },
      })),
      updateRemaining: assign(({ context }) => ({
        session: {
          ...context.session,
          remainingSeconds: Math.max(0, Math.ceil((context.session.deadline - context.now()) / 1000)),
        },
      })),
      closeWarning: assign(({ context }) => ({ session: { ...context.session, remainingSeconds: null } })),
      emitSessionWarning: emit(({ context }) => ({
        type: 'sessionWarning' as const,
        remainingSeconds: Math.max(0, Math.ceil((context.session.deadline - context.now()) / 1000)),
      })),
      /** Spec §4: at the deadline the form models are reinitialised and the session marked expired. */
      expireSession: assign(({ context }) => ({
        store: context.initialStore,
        authorized: false,
        authorizationError: null,
        authorizationErrorCode: null,
        captcha: null,
        prepopulatedData: null,
        lookupResult: null,
        isSubmitting: false,
        navigation: navigation0,
        draftRefusal: null,
        submitRefusal: null,
        session: { ...context.session, remainingSeconds: null, expired: true, serverDeadline: null },
      })),
      emitSessionExpired: emit(() => ({
        type: 'sessionExpired' as const,
        formType,
        path: exitPath('sessionExpired', { formType }),
      })),
      resetForm: assign(({ context }) =>
        freshContext({
          store: context.initialStore,
          now: context.now,
          durationMs: context.session.durationMs,
          prepopulatedFields: context.prepopulatedFields,
          engine: context.engine,
        }),
      ),
    },
    delays: {
      untilWarning: ({ context }) => Math.max(0, context.session.deadline - WARNING_BEFORE_EXPIRY_MS - context.now()),
      untilExpiry: ({ context }) => Math.max(0, context.session.deadline - context.now()),
      tick: TICK_MS,
    },
  }).createMachine({
    id: 'form',
    context: ({ input }) => contextFromInput(flow, navigation0, input, defaultPrepopulated),
    initial: 'open',
    on: {
      RESET: { target: '.open', actions: 'resetForm' },
    },
    states: {
      open: {
        type: 'parallel',
        on: {
          UPDATE_STORE: { actions: 'updateStore' },
          DISMISS_ERROR: { actions: 'dismissError' },
          ROUTE_CHANGE_START: { actions: 'startNavigation' },
          ROUTE_CHANGE_END: { actions: 'finishNavigation' },
          SESSION_EXTENDED: { actions: 'noteServerDeadline' },
        },
        states: {
          flow: {
            initial: 'editing',
            states: {
              editing: {
                on: {
                  NEXT: { guard: 'canGoNext', actions: ['goNext', 'emitPageChanged'] },
                  BACK: { guard: 'canGoBack', actions: ['goBack', 'emitPageChanged'] },
                  GOTO: [{ guard: 'gotoAllowed', actions: ['goToTarget', 'emitPageChanged'] }, { actions: 'emitGotoRefused' }],
                  AUTHORIZE: { guard: 'pageAuthorizes', target: 'authorizing' },
                  SUBMIT: { guard: 'pageSubmits', target: 'submitting' },
                  PRESS: { guard: 'hasPageEngine', target: 'pressing', actions: 'press' },
                  RECORD_START: { actions: 'recordButton' },
                  RECORD_SAVE: { actions: 'recordButton' },
                  RECORD_REMOVE: { actions: 'recordButton' },
                  RESTORE: { actions: ['restoreClaim', 'emitPageChanged'] },
                  DRAFT_REFUSED: { actions: ['returnToRefusedPage', 'emitPageChanged'] },
                  DRAFT_SAVED: { actions: 'forgetDraftRefusal' },
                },
              },
              /** A PRESS the page engine computed: refused, it stays; else it goes on as the page's action says. */
              pressing: {
                always: [
                  { guard: 'pressRefused', target: 'editing' },
                  { guard: 'pageAuthorizes', target: 'authorizing' },
                  { guard: 'pageSubmits', target: 'submitting' },
                  { guard: 'canGoNext', target: 'editing', actions: ['goNext', 'emitPageChanged'] },
                  { target: 'editing' },
                ],
              },
              authorizing: {
                entry: 'startAuthorization',
                invoke: {
                  id: 'authorize',
                  src: 'authorize',
                  input: ({ context, event }) => ({
                    formType,
                    // A PRESS signs in with the credentials the page holds.
                    credentials: event.type === 'AUTHORIZE' ? event.credentials : event.type === 'PRESS' ? findModel(context.store, 'credentials') : null,
                    captchaToken: event.type === 'AUTHORIZE' || event.type === 'PRESS' ? event.captchaToken : null,
                    store: context.store,
                  }),
                  onDone: [
                    {
                      guard: 'isLookupPage',
                      target: 'lookupResult',
                      actions: ['storeAuthorization', 'storeLookupResult', 'emitCaptchaReset'],
                    },
                    {
                      guard: 'authorizedOnAnswer',
                      target: 'editing',
                      actions: ['storeAuthorization', 'emitCaptchaReset', 'goNext', 'emitPageChanged'],
                    },
                    // A refusal (with the server's text or without) stays on the page: the claimant
                    // corrects the answers there (the page shows authorizationError by its code).
                    { target: 'editing', actions: ['storeAuthorization', 'emitCaptchaReset'] },
                  ],
                  onError: { target: 'editing', actions: ['authorizationFailed', 'emitCaptchaReset', 'emitFailure'] },
                },
              },
              /** Lookup: the answer shows on the same page; another lookup may follow. */
              lookupResult: {
                on: {
                  AUTHORIZE: { guard: 'pageAuthorizes', target: 'authorizing' },
                  PRESS: { guard: 'hasPageEngine', target: 'pressing', actions: 'press' },
                  GOTO: [{ guard: 'gotoAllowed', target: 'editing', actions: ['goToTarget', 'emitPageChanged'] }, { actions: 'emitGotoRefused' }],
                },
              },
              submitting: {
                entry: 'startSubmission',
                exit: 'endSubmission',
                invoke: {
                  id: 'submit',
                  src: 'submit',
                  input: ({ context, event }) => ({
                    formType,
                    store: context.store,
                    captchaToken: event.type === 'SUBMIT' || event.type === 'PRESS' ? event.captchaToken : null,
                    captchaRawValue: context.captcha,
                    prepopulatedData: context.prepopulatedData,
                    skippedPages: flow.pages.map((p) => p.id).filter(skipped(context)),
                  }),
                  onDone: [
                    {
                      guard: 'submissionAccepted',
                      target: '#form.confirmation',
                      actions: ['storeReferenceCode', 'emitCaptchaReset', 'emitPageChanged', 'emitSubmitted'],
                    },
                    {
                      guard: 'submittedWithoutReference',
                      target: 'editing',
                      actions: ['missingReferenceCode', 'emitCaptchaReset', 'emitFailure'],
                    },
                    {
                      guard: 'refusedWithText',
                      target: 'editing',
                      actions: ['storeSubmitError', 'emitCaptchaReset', 'emitSubmitServerError'],
                    },
                    { target: 'editing', actions: ['submissionFailed', 'emitCaptchaReset', 'emitFailure'] },
                  ],
                  onError: { target: 'editing', actions: ['submissionFailed', 'emitCaptchaReset', 'emitFailure'] },
                },
                on: {
                  SUBMIT: { actions: ['rejectSecondSubmit', 'emitRejected'] },
                },
              },
            },
          },
          session: {
            initial: 'off',
            states: {
              /** The current page has the session timeout disabled (start pages), or a submit is in flight. */
              off: {
                always: { guard: 'sessionTimeoutEnabled', target: 'counting' },
              },
              counting: {
                entry: 'resetDeadline',
                always: { guard: 'sessionTimeoutDisabled', target: 'off' },
                initial: 'active',
                on: {
                  ACTIVITY: { target: '.active', actions: 'resetDeadline' },
                  CONTINUE_SESSION: { target: '.active', actions: ['forgetServerDeadline', 'resetDeadline'] },
                  // A save or keep-alive answered: the server's new expiry (each follows the claimant's activity).
                  SESSION_EXTENDED: { target: '.active', actions: ['noteServerDeadline', 'resetDeadline'] },
                  SESSION_TIMEOUT: { target: '#form.sessionExpired' },
                },
                states: {
                  active: {
                    after: { untilWarning: { target: 'warning', actions: 'emitSessionWarning' } },
                  },
                  warning: {
                    entry: 'updateRemaining',
                    exit: 'closeWarning',
                    after: {
                      untilExpiry: { target: '#form.sessionExpired' },
                      tick: { target: 'warning', reenter: true },
                    },
                  },
                },
              },
            },
          },
        },
      },
      /** The session deadline passed: models reinitialised; the app shows /session-expired. RESET starts over. */
      sessionExpired: {
        entry: ['expireSession', 'emitSessionExpired'],
      },
      /** The submission was accepted; the confirmation page shows the reference code. */
      confirmation: {
        type: 'final',
      },
    },
    output: ({ context }) => ({ referenceCode: context.referenceCode ?? '' }),
  });
}

export type FormMachine = ReturnType<typeof createFormMachine>;
