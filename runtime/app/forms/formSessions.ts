import { createActor, fromPromise, type Actor } from 'xstate';
import { answerOrThrow } from '../../core/api';
import { createIdSource, initStore, type IdSource } from '../../core/models';
import { buildPayload } from '../../core/payload';
import type { DocumentFile, FormType, ModelConfig } from '../../core/types';
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

export interface SessionDeps {
  api: AppApi;
  modelConfigs: ModelConfig[];
  minSessionDuration: number;
  culture: () => string;
}

function startSession(formType: FormType, deps: SessionDeps): FormSession {
  const flow = FLOWS[formType];
  const ids = createIdSource();
  const session: FormSession = { formType, ids, documents: [], returnTo: null, actor: null as unknown as Actor<FormMachine> };
  const machine = createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise(async ({ input }: { input: AuthorizeInput }) => {
        if (!input.credentials) throw new Error('The start page has no credentials model');
        return answerOrThrow(await deps.api.authorize(input.formType, { credentials: input.credentials, reCaptchaResponse: input.captchaToken }));
      }),
      submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
        const payload = buildPayload({
          formType: input.formType,
          store: input.store,
          files: session.documents,
          culture: deps.culture(),
          reCaptchaResponse: input.captchaToken,
          captchaRawValue: input.captchaRawValue,
          skipped: { flow, isSkipped: (page) => input.skippedPages.includes(page.id) },
        });
        return answerOrThrow(await deps.api.submit(input.formType, payload));
      }),
    },
  });
  session.actor = createActor(machine, {
    input: { store: initStore(deps.modelConfigs, formType, ids), minSessionDuration: deps.minSessionDuration },
  });
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
