import { loadLaterCalls } from '../../core/api';
import { signsIn } from '../../core/flow/pages';
import { camelCase, createIdSource, initStore, type IdSource } from '../../core/models';
import { LIST_MODEL_KINDS, SINGLE_MODEL_KINDS } from '../../core/payload/kinds';
import type { DocumentFile, FlowFile, FormModel, FormType, ModelConfig } from '../../core/types';
import { contextFromInput, initialNavigation, prepopulatedFieldsOf } from '../../machine/context';
import type { FormMachine } from '../../machine';
import type { FormMachineInput, SaveDraftInput, SaveDraftOutput } from '../../machine/types';
import type { AppApi } from '../api';
import type { HostedFlows } from '../routes';
import { deferredActor, type FormActor, type MachineActor } from './formActor';

/**
 * One running form: its machine (answers, page, session timer) and the files chosen for its
 * document contexts. Kept for the life of the page, outside any component, so the browser's
 * back and forward buttons and Back/Next never lose what the claimant typed.
 */
export interface FormSession {
  formType: FormType;
  actor: FormActor;
  ids: IdSource;
  /** The files chosen for the form's document contexts: this is their one owner (the submit reads them here). */
  readonly documents: DocumentFile[];
  setDocuments(next: DocumentFile[]): void;
  /** Called after every setDocuments; returns the unsubscribe. */
  subscribeDocuments(listener: () => void): () => void;
  /** The summary page an edit link came from: Next returns there. */
  returnTo: string | null;
  /**
   * Signed in with a resume code, the claim saved for later is being opened: the page after
   * sign-in, shown meanwhile, gives its place in the browser's history to the resumed page's Back.
   */
  resumingAfterSignIn: boolean;
  /** The models the form submits (its flow's `models`, camel-cased): a page save sends these. */
  submits: readonly string[];
  /**
   * Runs a save of the claim in progress after the saves asked before it have answered, so that
   * an earlier save arriving late never overwrites a later one on the server.
   */
  inOrder<T>(save: () => Promise<T>): Promise<T>;
}

export interface SessionDeps {
  api: AppApi;
  modelConfigs: ModelConfig[];
  minSessionDuration: number;
  culture: () => string;
}

export { loadSubmitCode } from './submitCode';

/** The kinds of model a saved page sends: those of a submission, but the prepopulated data. */
const DRAFT_KINDS: ReadonlySet<string> = new Set([...SINGLE_MODEL_KINDS, ...LIST_MODEL_KINDS.filter((kind) => kind !== 'prepopulatedData')]);

/**
 * The form machine's code: loaded when a form first needs it (formActor.ts), once. The API
 * client's calls after sign-in (the page saves, the claim in progress, the submit) come with it.
 */
let engine: typeof import('./formEngine') | null = null;
let engineLoading: Promise<typeof import('./formEngine')> | null = null;
export function loadFormEngine(): Promise<typeof import('./formEngine')> {
  void loadLaterCalls();
  engineLoading ??= import('./formEngine').then(
    (loaded) => (engine = loaded),
    (error: unknown) => {
      engineLoading = null;
      throw error;
    },
  );
  return engineLoading;
}

/** The documents chosen in a form's file fields, and who is told when they change (a claim's form session, a cure's form). */
export type ChosenDocuments = Pick<FormSession, 'documents' | 'setDocuments' | 'subscribeDocuments'>;

/** The documents chosen in a form that has no form session (a cure's), with their listeners. */
export function chosenDocuments(initial: DocumentFile[]): ChosenDocuments {
  let chosen = initial;
  const listeners = new Set<() => void>();
  return {
    get documents() {
      return chosen;
    },
    setDocuments(next) {
      chosen = next;
      for (const listener of [...listeners]) listener();
    },
    subscribeDocuments(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function newSession(formType: FormType, ids: IdSource, documents: DocumentFile[], submits: readonly string[], actor: (session: Pick<FormSession, 'documents'>) => FormActor): FormSession {
  const chosen = chosenDocuments(documents);
  let saves: Promise<unknown> = Promise.resolve();
  const session: FormSession = {
    formType,
    ids,
    submits,
    inOrder(save) {
      const run = saves.then(save, save);
      saves = run.catch(() => undefined);
      return run;
    },
    returnTo: null,
    resumingAfterSignIn: false,
    get actor() {
      return running;
    },
    get documents() {
      return chosen.documents;
    },
    setDocuments: chosen.setDocuments,
    subscribeDocuments: chosen.subscribeDocuments,
  };
  const running = actor(session);
  return session;
}

/**
 * The answers a save sends: the saved answers the submit would send (not records still being
 * typed; the server keeps its own prepopulated data).
 */
export const draftModels = (input: Pick<SaveDraftInput, 'formType' | 'store'>, submits: readonly string[] = []) =>
  input.store.saved.filter((m) => m.metadata.formType === input.formType && (DRAFT_KINDS.has(camelCase(m.metadata.dtoMapping)) || submits.includes(camelCase(m.metadata.dtoMapping))));

/**
 * Saves a page the claimant validated (or a record saved or deleted on it): the session's new
 * expiry, or why the answers were not stored. It never rejects for the server's sake.
 */
export async function savePage(
  deps: Pick<SessionDeps, 'api'>,
  input: SaveDraftInput,
  submits: readonly string[] = [],
  options?: { unfinished?: boolean; culture?: string; openRecords?: FormModel[]; leaving?: boolean },
): Promise<SaveDraftOutput> {
  const models = draftModels(input, submits);
  const result = await deps.api.saveDraft(input.formType, input.pageId, models, options);
  if (result.ok) return { refusal: null, sessionExpiresAt: Date.parse(deps.api.sessionExpiresAt() ?? result.data.sessionExpiresAt) };
  // Refused (the server's text says what to do: answers to correct, the claim filed, the session
  // ended, the service down), or no answer at all (`errorKey`: the app's own text): told on the
  // page, whose answers stay there to be saved again.
  const { error, errorKey, code, fieldErrors } = result;
  return { refusal: { message: error, messageKey: errorKey, code: code ?? null, ...(fieldErrors ? { fieldErrors } : {}) }, sessionExpiresAt: null };
}

function startSession(formType: FormType, deps: SessionDeps, flow: FlowFile, from?: FormSession): FormSession {
  const submits = flow.models.map(camelCase).filter((kind) => kind !== 'prepopulatedData');
  const ids = from?.ids ?? createIdSource();
  const input: FormMachineInput = { store: initStore(deps.modelConfigs, formType, ids), minSessionDuration: deps.minSessionDuration };
  const first = flow.pages[0];
  const session = newSession(formType, ids, from?.documents ?? [], submits, (owner) => {
    // A running form on a changed flow (live preview) takes over its machine's state, or the events kept for it.
    from?.actor.settle();
    const previous = from?.actor.machine() ?? undefined;
    let machine: FormMachine | null = null;
    const machineOf = (code: typeof import('./formEngine')): FormMachine => (machine ??= code.formMachine(flow, deps, owner));
    const make = (code: typeof import('./formEngine')): MachineActor => code.startMachine(machineOf(code), input, previous);
    const actor = deferredActor({
      context: contextFromInput(flow, initialNavigation(flow), input, prepopulatedFieldsOf(flow)),
      signsIn: signsIn(first),
      prepareNow: () => {
        if (engine) machineOf(engine);
      },
      createNow: () => (engine ? make(engine) : null),
      create: () => loadFormEngine().then(make),
      replay: previous ? [] : (from?.actor.pending() ?? []),
    });
    // Only a start page without the session timer shows before the machine: anything else needs it at once.
    if (first?.sessionTimeout === true) void actor.ready().catch(() => undefined);
    return actor;
  });
  if (from) session.returnTo = from.returnTo;
  return session;
}

/** The running forms of the app, by form type: one per app, created at startup (tests create their own). */
export interface FormSessions {
  /**
   * The running session of a form type. A finished one (submitted) stays for its confirmation page
   * and is replaced by a fresh one when the claimant opens the form's first page again.
   */
  formSession(formType: FormType, pageId: string, deps: SessionDeps): FormSession;
  /**
   * Live preview: each running form takes its changed flow, keeping what the claimant typed, the
   * page, the authorization and the chosen files. A form waiting on authorize or submit keeps its
   * flow until the next change.
   */
  replaceSessionFlows(flows: readonly FlowFile[]): void;
  /** The session if one runs, without starting one. */
  existingSession(formType: FormType): FormSession | undefined;
  /** Ends a form's session (special exits clear the form state). */
  endSession(formType: FormType): void;
  /** Forms whose claim in progress the server was asked for since the page loaded (asked once). */
  readonly resumeAsked: Set<FormType>;
}

export function createFormSessions(flows: HostedFlows): FormSessions {
  const sessions = new Map<FormType, FormSession>();
  const depsOf = new WeakMap<FormSession, SessionDeps>();
  const start = (formType: FormType, deps: SessionDeps, flow: FlowFile, from?: FormSession): FormSession => {
    const session = startSession(formType, deps, flow, from);
    depsOf.set(session, deps);
    return session;
  };
  return {
    formSession(formType, pageId, deps) {
      const existing = sessions.get(formType);
      const isStart = flows.flow(formType).pages[0]?.id === pageId;
      if (existing && existing.actor.getSnapshot().status === 'active') {
        // After an expired session the claimant starts over from the first page.
        if (existing.actor.getSnapshot().matches('sessionExpired')) {
          existing.actor.send({ type: 'RESET' });
          existing.setDocuments([]);
          existing.returnTo = null;
        }
        return existing;
      }
      if (existing && !isStart) return existing;
      existing?.actor.stop();
      const fresh = start(formType, deps, flows.flow(formType));
      sessions.set(formType, fresh);
      return fresh;
    },
    replaceSessionFlows(changed) {
      for (const flow of changed) {
        const existing = sessions.get(flow.formType);
        const deps = existing && depsOf.get(existing);
        if (!existing || !deps) continue;
        const snapshot = existing.actor.getSnapshot();
        if (snapshot.status !== 'active' || !snapshot.matches({ open: { flow: 'editing' } })) continue;
        const next = start(flow.formType, deps, flow, existing);
        existing.actor.stop();
        sessions.set(flow.formType, next);
        // Re-arms the session timer of the restored machine.
        next.actor.send({ type: 'ACTIVITY' });
      }
    },
    existingSession: (formType) => sessions.get(formType),
    resumeAsked: new Set<FormType>(),
    endSession(formType) {
      const session = sessions.get(formType);
      if (!session) return;
      session.actor.stop();
      sessions.delete(formType);
    },
  };
}
