/**
 * The form machine's code (XState and the form machine), in a chunk of its own: a form's start page
 * shows and takes answers without it (formActor.ts); it loads while the claimant types the sign-in
 * and at the latest when the sign-in is pressed.
 */
import { createActor, fromPromise, type Actor, type Snapshot } from 'xstate';
// The address form's fields, given to the page engine as this loads: every page after a press may draw and check an address.
import '../../core/view/address-fields';
import { answerOrThrow } from '../../core/api';
import type { DocumentFile, FlowFile, ModelConfig } from '../../core/types';
import { createFormMachine, type AuthorizeInput, type FormMachine, type FormMachineInput, type SubmitInput } from '../../machine';
import type { MachineActor } from './formActor';
import { holdTypedAnswers } from './typedAnswers';
import { filesToSend } from './documentUploads';
import type { AppApi } from '../api';
import { loadSubmitCode } from './submitCode';
import { keepCaptchaValue, pendingResumeCode } from './resume';

/** What a form's machine calls: the API client, the model configs, the culture. */
export interface MachineDeps {
  api: AppApi;
  modelConfigs: ModelConfig[];
  culture: () => string;
}

/**
 * A form's machine, its calls wired to the API client, not yet started. Made apart from its actor
 * (startMachine) so that each is a task of its own in idle time: together they are one long task
 * on a slow phone.
 */
export function formMachine(flow: FlowFile, deps: MachineDeps, session: { readonly documents: DocumentFile[] }): FormMachine {
  return createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise(async ({ input: call }: { input: AuthorizeInput }) => {
        // A form anyone may open (it declares no credentials) signs in with an empty credentials model.
        const credentials = call.credentials ?? { id: null, clientId: 'credentials', metadata: { formType: call.formType, dtoMapping: 'credentials' }, metadataHash: '', fields: {} };
        // Signing in to continue a claim saved for later sends its resume code.
        const resumeCode = pendingResumeCode(call.formType);
        const answer = answerOrThrow(
          await deps.api.authorize(
            call.formType,
            { credentials, reCaptchaResponse: call.captchaToken, ...(resumeCode ? { resumeCode } : {}) },
            deps.culture(),
          ),
        );
        if (answer.authorized) keepCaptchaValue(call.formType, answer.captcha);
        return answer;
      }),
      submit: fromPromise(async ({ input: call }: { input: SubmitInput }) => {
        const { submitPayload } = await loadSubmitCode();
        const payload = submitPayload(call, { flow, modelConfigs: deps.modelConfigs, files: filesToSend(session.documents), culture: deps.culture() });
        return answerOrThrow(await deps.api.submit(call.formType, payload));
      }),
    },
  });
}

/** Starts a form's machine (formMachine); `from`: the running form whose flow changed. */
export function startMachine(machine: FormMachine, input: FormMachineInput, from?: MachineActor): MachineActor {
  if (!from) {
    const actor = createActor(machine, { input });
    actor.start();
    return holdTypedAnswers(actor);
  }
  // The running form on a changed flow: its answers, page and authorization carry over.
  const previous = from.getPersistedSnapshot() as ReturnType<Actor<FormMachine>['getSnapshot']>;
  const nodes = createActor(machine, { input }).getSnapshot().context.navigation;
  const page = previous.context.navigation.currentPage;
  const navigation = { ...nodes, currentPage: page !== null && nodes.nodes.some((n) => n.id === page) ? page : nodes.currentPage };
  const actor = createActor(machine, { input, snapshot: { ...previous, context: { ...previous.context, navigation } } as unknown as Snapshot<unknown> });
  actor.start();
  return holdTypedAnswers(actor);
}
