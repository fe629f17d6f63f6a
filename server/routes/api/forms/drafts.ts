/**
 * PUT and GET /api/forms/{automotive,exclusion}/draft: the claim in progress, kept by the server
 * per form and claimant, one route pair per flow with a `submit` call, at `${submit.endpoint}/draft`.
 *
 * PUT `{ pageId, models }` (JSON, CSRF): deadline → session authorized for the form → the pages of
 * the flow up to and including `pageId` are checked with the submit's page logic (validate.ts,
 * page-logic.ts: structure, types, rules, required shown fields, minimum records) on the answers
 * the flow keeps (a skipped page's answers and hidden fields dropped, as on submit); a page these
 * answers cannot reach (unknown, skipped, after an unanswered page) is refused → a save after
 * this authorization's claim was filed is refused (409 ALREADY_SUBMITTED) → the session is
 * extended (a save is activity) → the draft is stored. The PIN is never stored; the credentials are the server's.
 *
 * POST `${submit.endpoint}/draft/later` (Save and finish later): the same checks, but the fields
 * of `pageId` itself left empty are not refused (validate.ts `unfinishedPageId`); the draft is
 * stored marked unfinished on that page and a new resume code (resume-codes.ts) replaces the
 * draft's earlier one, in one transaction.
 *
 * GET: the draft of whom the session is authorized as (`draftKeyOf`: a keyed digest of the Notice
 * ID, so a new session authorized with the same Notice ID and PIN finds it again; a VIN alone finds
 * only this authorization's draft, or the one its resume code opened); 404 DRAFT_NOT_FOUND when
 * there is none. Both answers carry the session's `prepopulatedData` (what authorize prefilled), so
 * a page reloaded before its first save shows the prefilled answers. `pageUnfinished` tells the browser to reopen `pageId` itself; the documents stored
 * with it (draft-documents.ts) come with it, names, sizes and types only.
 *
 * A draft expires at the form's deadline or `drafts.retentionDays` after its last save, whichever
 * comes first; the housekeeping deletes it (and its resume code) then, and the submit deletes it
 * in its transaction.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { camelCase } from '../../../../runtime/core/models/index.js';
import { isPageSkipped } from '../../../../runtime/core/navigation/index.js';
import { payloadKinds, type PayloadKinds } from '../../../../runtime/core/models/index.js';
import { isClientId, UNSTORABLE_TEXT, unstorableTextPaths } from '../../../../runtime/core/payload/index.js';
import type { FlowFile, FormModel, FormType, PageConfig, SubmissionPayload } from '../../../../runtime/core/types.js';
import type { DraftDocumentMeta, DraftKey, Trx } from '../../../db/types.js';
import { ClaimFiledError, SessionGoneError } from '../../../db/errors.js';
import { sessionIdHash } from '../../../db/sessions.js';
import { groupedWrites } from '../../../db/grouped-transactions.js';
import { startHousekeeping } from '../../../db/housekeeping.js';
import { httpError } from '../../../errors.js';
import { passedDeadline } from '../../../settlement/deadlines.js';
import { routeSchema } from '../../contract.js';
import { errorBody } from '../../../plugins/app/error-handler.js';
import { authorizationOf, authorizedCredentials, namesAuthorized, otherClaimantRefusal, prepopulatedOf, type Authorization } from './authorize.js';
import { tabOf } from './tab-authorizations.js';
import { settlementFormOf } from '../../../settlement/load.js';
import type { SignIn } from '../../../../runtime/core/forms/index.js';
import { routePath } from './paths.js';
import { emailAddressOf, newResumeCode, normalizeResumeCode, resumeCodeHash, resumeLink } from './resume-codes.js';
import { formModels, submissionKey } from './submit.js';
import { pagesSingleModels, validateSubmission } from './validate.js';
import { maskAddress } from '../../../mail/content.js';

/** The draft routes of a flow's submit endpoint. */
export const draftEndpoint = (submitEndpoint: string) => `${submitEndpoint}/draft`;

/** How often expired drafts are deleted. */
const PURGE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * A keyed digest (the session secret's HMAC) of whom the claimant authorized as — the Notice ID
 * when given with its PIN, else the VIN — so that no table names anyone.
 */
export function identityKeyOf(app: Pick<FastifyInstance, 'sessions'>, authorization: Pick<Authorization, 'vin' | 'noticeId'>): string {
  const identity = authorization.noticeId ? `noticeId:${authorization.noticeId}` : `vin:${authorization.vin}`;
  return app.sessions.sign('draft', identity);
}

/**
 * The draft's key: the form and whom the claimant authorized as. A Notice ID and its PIN are the
 * class member's own, so signing in with them again finds the claim. A VIN alone is not a secret
 * (anyone may type it): such a claim is this authorization's, and found again only through its
 * resume code (`resumedDraft`, set by authorize after checking the code against the VIN).
 */
export function draftKeyOf(
  app: Pick<FastifyInstance, 'sessions'>,
  formType: FormType,
  authorization: Pick<Authorization, 'id' | 'vin' | 'noticeId' | 'resumedDraft'>,
): DraftKey {
  if (authorization.resumedDraft) return { formType, claimantKey: authorization.resumedDraft };
  const identity = identityKeyOf(app, authorization);
  return { formType, claimantKey: authorization.noticeId ? identity : `${identity}.${authorization.id}` };
}

/** Whether a draft key belongs to this identity (the Notice ID's own key, or one of the VIN's claims). */
export function isDraftOf(app: Pick<FastifyInstance, 'sessions'>, claimantKey: string, authorization: Pick<Authorization, 'vin' | 'noticeId'>): boolean {
  const identity = identityKeyOf(app, authorization);
  return authorization.noticeId ? claimantKey === identity : claimantKey.startsWith(`${identity}.`);
}

/** The session's authorization for the flow's form, before its deadline; else DEADLINE_PASSED or NOT_AUTHORIZED. */
export function draftAuthorization(app: Pick<FastifyInstance, 'deadlineInstants' | 'clock'>, flow: Pick<FlowFile, 'formType' | 'deadlineKeys'>) {
  const { formType, deadlineKeys } = flow;
  return (request: Pick<FastifyRequest, 'session' | 'headers'>): Authorization => {
    if (passedDeadline(app.deadlineInstants, deadlineKeys, app.clock())) throw httpError('DEADLINE_PASSED');
    const authorization = request.session ? authorizationOf(request.session.data, formType, tabOf(request)) : null;
    if (!authorization) throw httpError('NOT_AUTHORIZED');
    return authorization;
  };
}

/** The models as a submission payload; a single-instance model sent twice or a model of no kind is named. */
function payloadOf(models: readonly FormModel[], culture: string, kinds: PayloadKinds): { payload: SubmissionPayload; structure: string[] } {
  const payload: SubmissionPayload = {
    reCaptchaResponse: null,
    userPreferredCulture: culture as SubmissionPayload['userPreferredCulture'],
    captchaRawValue: null,
    documents: null,
    signature: null,
    claimantInfo: null,
    credentials: null,
    claimDetails: null,
    prepopulatedData: [],
    documentContexts: [],
    claimTransactions: [],
  };
  const structure: string[] = [];
  for (const model of models) {
    if (!isClientId(model.clientId)) {
      structure.push(`${model.metadata.dtoMapping}: the clientId is not one the form makes.`);
      continue;
    }
    const kind = camelCase(model.metadata.dtoMapping);
    if (kinds.single.includes(kind)) {
      if (payload[kind]) structure.push(`${kind}: sent more than once.`);
      payload[kind] = model;
    } else if (kinds.lists.includes(kind)) {
      const list = payload[kind];
      payload[kind] = [...(Array.isArray(list) ? (list as FormModel[]) : []), model];
    } else {
      // prepopulatedData is the server's own copy from authorize, never kept from the client.
      if (kind !== 'prepopulatedData') structure.push(`${model.metadata.dtoMapping} ${model.clientId}: unexpected model.`);
    }
  }
  return { payload, structure };
}

/** The kept answers as the list the draft holds, the credentials as the server authorized them (no PIN). */
function keptModels(payload: SubmissionPayload, authorization: Authorization, signIn: SignIn, kinds: PayloadKinds): FormModel[] {
  const out: FormModel[] = [];
  for (const kind of kinds.single) {
    const model = payload[kind] as FormModel | null | undefined;
    if (!model || Array.isArray(model)) continue;
    if (kind !== 'credentials') {
      out.push(model);
      continue;
    }
    out.push({ ...model, fields: authorizedCredentials(model.fields, signIn, authorization) });
  }
  const lists = kinds.lists.flatMap((kind) => (Array.isArray(payload[kind]) ? (payload[kind] as FormModel[]) : []));
  return [...out, ...lists];
}

/** The single-instance models' answers, the scope skip rules read. */
const scopeOf = (payload: SubmissionPayload, kinds: PayloadKinds) => ({ models: Object.fromEntries(kinds.single.map((kind) => [kind, (payload[kind] as FormModel | null | undefined)?.fields])) });


export const storedDocumentAnswer = (d: DraftDocumentMeta) => ({ id: d.id, clientId: d.contextClientId, name: d.name, size: d.size, type: d.type });

const iso = (ms: number) => new Date(ms).toISOString();

const drafts: FastifyPluginAsync = async (app) => {
  const store = app.stores.drafts;
  const retentionMs = app.settlement.settings.drafts.retentionDays * DAY_MS;
  const whitelist = [...app.settlement.allowedCharacters].join('');
  const inSaveTransaction = groupedWrites(app.database).transaction;

  for (const { flow } of app.settlement.flows) {
    if (!flow.submit) continue;
    const { formType, deadlineKeys } = flow;
    const form = settlementFormOf(app.settlement, formType);
    const models = formModels(app.settlement.models, flow);
    const kinds = payloadKinds(models, formType);
    const deadlines = deadlineKeys.map((key) => app.deadlineInstants[key]?.getTime()).filter((t): t is number => t !== undefined);
    const url = routePath(draftEndpoint(flow.submit.endpoint));

    const authorized = draftAuthorization(app, flow);

    type SaveRequest = FastifyRequest<{ Body: { pageId: string; models: FormModel[]; unfinished?: boolean } }>;

    /**
     * The answers of a save, checked: those up to and including `pageId`, as the pages check them;
     * `unfinished` (save and finish later) leaves the empty fields of that page unrefused.
     */
    const checkedSave = async (request: SaveRequest, unfinished: boolean, options: { filedCheckedBySave?: boolean } = {}) => {
      const { body, culture } = request;
      const authorization = authorized(request);
      const { pageId } = body;
      const at = flow.pages.findIndex((p) => p.id === pageId);
      const page = flow.pages[at];
      if (!page) throw httpError('PAGE_NOT_REACHED', { details: [`The page ${pageId.slice(0, 100)} is not a page of this form.`] });

      const unstorable = unstorableTextPaths(body.models, 'models').map((path) => `${path}: ${UNSTORABLE_TEXT}`);
      if (unstorable.length) throw httpError('BAD_REQUEST', { details: unstorable });
      const built = payloadOf(body.models, culture, kinds);
      if (built.structure.length) throw httpError('STRUCTURE_INVALID', { details: built.structure });
      const credentials = built.payload.credentials?.fields;
      if (credentials && !namesAuthorized(credentials, form.signIn, authorization)) throw httpError(otherClaimantRefusal(request.session!.data, formType, tabOf(request), form.signIn));

      const pages: Pick<FlowFile, 'pages'> = { pages: flow.pages.slice(0, at + 1) };
      const title = (p: PageConfig) => (p.titleKey ? (app.locales.text(p.titleKey, culture) ?? p.id) : p.id);
      // A page on the way here with no answers at all: this page cannot have been reached.
      const sentScope = scopeOf(built.payload, kinds);
      const unanswered = pages.pages.filter(
        (p) => p !== page && p.inFlow !== false && !isPageSkipped(p, sentScope) && [...pagesSingleModels([p])].some((kind) => !built.payload[kind]),
      );
      if (unanswered.length) throw httpError('PAGE_NOT_REACHED', { details: unanswered.map((p) => `${title(p)}: this page has not been answered yet.`) });
      const problems = validateSubmission({
        unfinishedPageId: unfinished ? pageId : undefined,
        formType,
        flow: pages,
        settings: app.settlement.settings,
        payload: built.payload,
        models,
        whitelist,
        now: new Date(app.clock()),
        text: (key) => app.locales.text(key, culture),
        partial: true,
      });
      if (problems.structure.length) throw httpError('STRUCTURE_INVALID', { details: problems.structure });
      if (problems.fields.length) throw httpError('VALIDATION_FAILED', { details: problems.fields });
      const kept = problems.payload;
      if (isPageSkipped(page, scopeOf(kept, kinds))) throw httpError('PAGE_NOT_REACHED', { details: [`${title(page)}: your answers skip this page.`] });

      // This authorization's claim is filed (Submit in another tab): nothing is left to continue.
      // A page save asks its own upsert instead (drafts.ts `unlessFiled`), and is refused the same.
      if (!options.filedCheckedBySave) {
        const filed = await app.stores.submissions.referenceCodeOf(formType, submissionKey(formType, authorization));
        if (filed) throw httpError('ALREADY_SUBMITTED', { args: [filed] });
      }

      return { authorization, pageId, models: keptModels(kept, authorization, form.signIn, kinds) };
    };


    app.put<{ Body: { pageId: string; models: FormModel[]; unfinished?: boolean } }>(
      url,
      { config: { bodyType: 'json' }, schema: routeSchema('draft-save', flow) },
      async (request) => {
        const unfinished = request.body.unfinished === true;
        // With sessions in the database, the session's expiry and the draft are written together
        // (a save is activity: the session lives on from now), and the filed-claim check is a part
        // of the draft's upsert: a save refused because the claim is filed extends no session. On
        // PostgreSQL that is one statement; on SQLite one transaction, committed with the saves
        // that arrive meanwhile (one disk flush for them all; answered once on disk). With sessions
        // elsewhere (Redis), the claim is checked before the session is extended, as always.
        const together = app.sessions.joinTransactions;
        const { authorization, pageId, models: kept } = await checkedSave(request, unfinished, { filedCheckedBySave: together });
        const now = app.clock();
        const draft = {
          ...draftKeyOf(app, formType, authorization),
          pageId,
          models: kept,
          authorizationId: authorization.id,
          expiresAt: Math.min(now + retentionMs, ...deadlines),
          pageUnfinished: unfinished,
          ...(together ? { unlessFiled: submissionKey(formType, authorization) } : {}),
        };
        const write = async (trx?: Trx) => {
          const sessionExpiresAt = await app.sessions.keepAlive(request, trx);
          return { sessionExpiresAt, saved: await store.save(draft, trx) };
        };
        const inOneStatement = async () => {
          const session = request.session!;
          const sessionExpiresAt = now + app.sessions.idleTimeoutMs;
          const saved = await store.save({ ...draft, touchSession: { idHash: sessionIdHash(session.id), expiresAt: sessionExpiresAt } });
          session.expiresAt = sessionExpiresAt;
          return { sessionExpiresAt, saved };
        };
        let written: Awaited<ReturnType<typeof write>>;
        try {
          written = !together ? await write() : app.database.dialect === 'postgres' ? await inOneStatement() : await inSaveTransaction(write);
        } catch (error) {
          if (error instanceof ClaimFiledError) throw httpError('ALREADY_SUBMITTED', { args: [error.referenceCode] });
          if (error instanceof SessionGoneError) throw httpError('NOT_AUTHORIZED');
          throw error;
        }
        const { sessionExpiresAt, saved } = written;
        return { savedAt: iso(saved.updatedAt), expiresAt: iso(saved.expiresAt), sessionExpiresAt: iso(sessionExpiresAt) };
      },
    );

    app.post<{ Body: { pageId: string; models: FormModel[] } }>(
      `${url}/later`,
      { config: { bodyType: 'json' }, schema: routeSchema('draft-later', flow) },
      async (request) => {
        const { authorization, pageId, models: kept } = await checkedSave(request, true);
        // A save is activity, also when the claimant then goes on with the claim.
        await app.sessions.keepAlive(request);
        const now = app.clock();
        const key = draftKeyOf(app, formType, authorization);
        const code = newResumeCode();
        const email = emailAddressOf(kept, models);
        const link = resumeLink(request, code);
        const saved = await app.database.db.transaction().execute(async (trx) => {
          const draft = await store.save({ ...key, pageId, models: kept, authorizationId: authorization.id, expiresAt: Math.min(now + retentionMs, ...deadlines), pageUnfinished: true }, trx);
          await app.stores.resumeCodes.issue(key, resumeCodeHash(app, normalizeResumeCode(code)!), trx);
          // The code and its link by e-mail too, when the claim names an address: queued with the code.
          if (email !== null) await app.mail.enqueue(trx, { kind: 'resume-link', to: email, culture: request.culture, data: { code, link, expiresAt: draft.expiresAt } });
          return draft;
        });
        if (email !== null) app.mail.wake();
        return {
          code,
          link,
          emailKnown: email !== null,
          emailAddress: email === null ? null : maskAddress(email),
          savedAt: iso(saved.updatedAt),
          expiresAt: iso(saved.expiresAt),
        };
      },
    );

    app.get(
      url,
      {
        schema: routeSchema('draft-load', flow),
      },
      async (request, reply) => {
        const authorization = authorized(request);
        const key = draftKeyOf(app, formType, authorization);
        const draft = await store.get(key);
        // The prefilled answers live in the session from authorize until a save keeps them: a
        // reload before the first save must still show them.
        const prepopulatedData = request.session ? prepopulatedOf(request.session.data, formType, tabOf(request)) : null;
        // Nothing saved yet: the sign-in answers as the server holds them (no PIN), so the page's
        // next save and the submit send the credentials it authorized.
        const credentials: Record<string, string | null> = {};
        if (form.signIn.vin) credentials[form.signIn.vin] = authorization.vin;
        if (form.signIn.identifier) credentials[form.signIn.identifier.field] = authorization.noticeId || null;
        if (!draft) return reply.code(404).send({ ...errorBody(request, httpError('DRAFT_NOT_FOUND')), prepopulatedData, credentials });
        const documents = (await app.stores.draftDocuments.list(key)).map(storedDocumentAnswer);
        return { pageId: draft.pageId, pageUnfinished: draft.pageUnfinished, models: draft.models, savedAt: iso(draft.updatedAt), expiresAt: iso(draft.expiresAt), documents, prepopulatedData };
      },
    );
  }

  const stop = startHousekeeping([store, app.stores.resumeCodes], PURGE_INTERVAL_MS, (error) => app.log.warn({ err: error }, 'draft purge failed'));
  app.addHook('onClose', async () => stop());
};
export default drafts;
