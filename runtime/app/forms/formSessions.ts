import { createActor, fromPromise, type Actor, type Snapshot } from 'xstate';
import { answerOrThrow } from '../../core/api';
import { createIdSource, initStore, type IdSource } from '../../core/models';
import { buildPayload } from '../../core/payload';
import type { DocumentFile, FlowFile, FormType, ModelConfig } from '../../core/types';
import { createFormMachine, type AuthorizeInput, type FormMachine, type SubmitInput } from '../../machine';
import type { AppApi } from '../api';
import { FLOWS } from '../routes';

/**
 * One running form: its machine (answers, page, session timer) and the files chosen for its
 * document contexts. Kept for the life of the page, outside any component, so the browser's
 * back and forward buttons and Back/Next never lose what the claimant typed.
 */
export interface FormSession {
  formType: FormType;
  actor: Actor<FormMachine>;
  ids: IdSource;
  documents: DocumentFile[];
  /** The summary page an edit link came from: Next returns there. */
  returnTo: string | null;
}

const sessions = new Map<FormType, FormSession>();
const depsOf = new WeakMap<FormSession, SessionDeps>();

export interface SessionDeps {
  api: AppApi;
  modelConfigs: ModelConfig[];
  minSessionDuration: number;
  culture: () => string;
}

function startSession(formType: FormType, deps: SessionDeps, flow: FlowFile = FLOWS[formType], from?: FormSession): FormSession {
  const ids = from?.ids ?? createIdSource();
  const session: FormSession = { formType, ids, documents: [], returnTo: null, actor: null as unknown as Actor<FormMachine> };
  const machine = createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise(async ({ input }: { input: AuthorizeInput }) => {
        if (!input.credentials) throw new Error('The start page has no credentials model');
        return answerOrThrow(
          await deps.api.authorize(input.formType, { credentials: input.credentials, reCaptchaResponse: input.captchaToken }, deps.culture()),
        );
      }),
      submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
        const payload = buildPayload({
          formType: input.formType,
          store: input.store,
          files: session.documents,
          culture: deps.culture(),
          reCaptchaResponse: input.captchaToken,
          captchaRawValue: input.captchaRawValue,
          prepopulatedData: input.prepopulatedData,
          skipped: { flow, isSkipped: (page) => input.skippedPages.includes(page.id) },
        });
        return answerOrThrow(await deps.api.submit(input.formType, payload));
      }),
    },
  });
  const input = { store: initStore(deps.modelConfigs, formType, ids), minSessionDuration: deps.minSessionDuration };
  if (from) {
    // The running form on a changed flow: its answers, page, authorization and documents carry over.
    const previous = from.actor.getPersistedSnapshot() as ReturnType<Actor<FormMachine>['getSnapshot']>;
    const nodes = createActor(machine, { input }).getSnapshot().context.navigation;
    const page = previous.context.navigation.currentPage;
    const navigation = { ...nodes, currentPage: page !== null && nodes.nodes.some((n) => n.id === page) ? page : nodes.currentPage };
    session.actor = createActor(machine, { input, snapshot: { ...previous, context: { ...previous.context, navigation } } as unknown as Snapshot<unknown> });
    Object.assign(session, { documents: from.documents, returnTo: from.returnTo });
  } else {
    session.actor = createActor(machine, { input });
  }
  depsOf.set(session, deps);
  session.actor.start();
  return session;
}

/**
 * The running session of a form type. A finished one (submitted) stays for its confirmation page
 * and is replaced by a fresh one when the claimant opens the form's first page again.
 */
export function formSession(formType: FormType, pageId: string, deps: SessionDeps): FormSession {
  const existing = sessions.get(formType);
  const isStart = FLOWS[formType].pages[0]?.id === pageId;
  if (existing && existing.actor.getSnapshot().status === 'active') {
    // After an expired session the claimant starts over from the first page.
    if (existing.actor.getSnapshot().matches('sessionExpired')) {
      existing.actor.send({ type: 'RESET' });
      existing.documents = [];
      existing.returnTo = null;
    }
    return existing;
  }
  if (existing && !isStart) return existing;
  existing?.actor.stop();
  const fresh = startSession(formType, deps);
  sessions.set(formType, fresh);
  return fresh;
}

/**
 * Live preview: each running form takes its changed flow, keeping what the claimant typed, the
 * page, the authorization and the chosen files. A form waiting on authorize or submit keeps its
 * flow until the next change.
 */
export function replaceSessionFlows(flows: readonly FlowFile[]): void {
  for (const flow of flows) {
    const existing = sessions.get(flow.formType);
    const deps = existing && depsOf.get(existing);
    if (!existing || !deps) continue;
    const snapshot = existing.actor.getSnapshot();
    if (snapshot.status !== 'active' || !snapshot.matches({ open: { flow: 'editing' } })) continue;
    const next = startSession(flow.formType, deps, flow, existing);
    existing.actor.stop();
    sessions.set(flow.formType, next);
    // Re-arms the session timer of the restored machine.
    next.actor.send({ type: 'ACTIVITY' });
  }
}

/** The session if one runs, without starting one. */
export function existingSession(formType: FormType): FormSession | undefined {
  return sessions.get(formType);
}

/** Ends a form's session (special exits clear the form state). */
export function endSession(formType: FormType): void {
  const session = sessions.get(formType);
  if (!session) return;
  session.actor.stop();
  sessions.delete(formType);
}
