/**
 * The claim in progress (drafts), kept by the server per form and claimant.
 *
 * A page save `{ pageId, models }`: deadline → session authorized for the form → the pages of the
 * flow up to and including `pageId` are checked with the submit's page logic (validate.ts,
 * page-logic.ts: structure, types, rules, required shown fields, minimum records) on the answers
 * the flow keeps (a skipped page's answers and hidden fields dropped, as on submit); a page these
 * answers cannot reach (unknown, skipped, after an unanswered page) is refused → a save after
 * this authorization's claim was filed is refused (409 ALREADY_SUBMITTED), and so is a save of a
 * claim kept by its Notice ID that another session filed, when the duplicate policy accepts no
 * other (the sign-in's judgement) → the session is
 * extended (a save is activity) → the draft is stored. The PIN is never stored; the credentials are the server's.
 *
 * A page save `unfinished` (a record saved or deleted while the claimant is still on `pageId`):
 * the same checks, but the fields of `pageId` itself left empty and its records rules not met yet
 * (at least one record) are not refused (validate.ts `unfinishedPageIds`); every saved record and
 * every typed value is checked as always. The draft is stored marked unfinished on that page,
 * with the records still being typed there (`openRecords`: each a record of one of the page's
 * records blocks with the fields its model declares; their values wait for their Save's checks).
 * A finished save keeps none.
 *
 * Save and finish later: the same checks as an unfinished save; the draft is stored unfinished and
 * a new resume code (resume-codes.ts) replaces the draft's earlier one, in one transaction.
 *
 * Reading (never a 404: before the first save, an empty claim in progress): the draft of whom the session is authorized as (`draftKeyOf`: a keyed digest of the
 * Notice ID, so a new session authorized with the same Notice ID and PIN finds it again; a VIN
 * alone finds only this authorization's draft, or the one its resume code opened), with what
 * authorize prefilled (so a page reloaded before its first save shows the prefilled answers) and
 * the documents stored with it (draft-documents.ts), names, sizes and types only.
 *
 * A draft expires at the form's deadline or `drafts.retentionDays` after its last save, whichever
 * comes first; the housekeeping deletes it (and its resume code) then, and the submit deletes it
 * in its transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignIn } from '../../runtime/core/forms/index.js';
import { credentialLabelKeys } from '../../runtime/core/i18n/signInDetails.js';
import { camelCase, openRecordProblems, type PayloadKinds } from '../../runtime/core/models/index.js';
import { isPageSkipped } from '../../runtime/core/navigation/index.js';
import { emptyPayload, isClientId, UNSTORABLE_TEXT, unstorableTextPaths } from '../../runtime/core/payload/index.js';
import type { FlowFile, FormModel, FormType, PageConfig, SubmissionPayload } from '../../runtime/core/types.js';
import { ClaimFiledError, SessionGoneError } from '../db/errors.js';
import { groupedWrites } from '../db/grouped-transactions.js';
import { startHousekeeping } from '../db/housekeeping.js';
import { cureInProgressPurge } from './cure-in-progress.js';
import { createDocumentSweep } from '../documents/sweep.js';
import { sessionIdHash } from '../db/sessions.js';
import type { DraftDocumentMeta, DraftRecord } from '../db/types.js';
import { httpError } from '../errors.js';
import { duplicateRefusal } from '../settlement/duplicates.js';
import { settlementFormOf } from '../settlement/load.js';
import { maskAddress } from '../mail/content.js';
import type { ClaimForm } from './claim-form.js';
import { draftKeyOf, identifiersOf, submissionKey } from './claim-keys.js';
import { emailAddressOf, newResumeCode, resumeCodeHash, resumeLink } from './resume-codes.js';
import { authorizedCredentials, filerReferenceCode, namesAuthorized, otherClaimantRefusal } from './sign-in.js';
import { prepopulatedOf, requireAuthorization, tabOf, type Authorization, type Prepopulated } from './session-authorizations.js';
import { modelOf, modelsOf } from './payload-models.js';
import { pagesSingleModels, validateSubmission } from './validate.js';

/** How often expired drafts are deleted. */
const PURGE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** What a page save sends. */
export interface DraftSaveBody {
  pageId: string;
  models: FormModel[];
  /** The claimant is still on pageId (a record saved or deleted there): its empty fields and missing records are not refused, and a resume reopens pageId itself. */
  unfinished?: boolean;
  /** With `unfinished`: the records being typed on pageId, not saved yet (kept so that its form opens again as typed). */
  openRecords?: FormModel[];
}

/** A document stored with the claim in progress, as the browser is told it (no content, no digest). */
export const storedDocumentAnswer = (d: DraftDocumentMeta) => ({ id: d.id, clientId: d.contextClientId, name: d.name, size: d.size, type: d.type });

/**
 * The claim in progress as read back: what was saved last, or, before the first save, an empty one
 * (no page, no answers, no documents); with what authorize prefilled and the sign-in answers.
 */
export interface DraftReading {
  /** The page saved last; null: nothing saved yet. */
  pageId: string | null;
  pageUnfinished: boolean;
  models: unknown[];
  /** The records being typed on pageId when it was saved, not saved yet. */
  openRecords: unknown[];
  savedAt: string | null;
  expiresAt: string | null;
  documents: Array<ReturnType<typeof storedDocumentAnswer>>;
  /** What authorize prefilled. */
  prepopulatedData: Prepopulated | null;
  /** The sign-in answers as the server holds them (no PIN), by the fields the form declares. */
  credentials: Record<string, string | null>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The models as a submission payload; a single-instance model sent twice or a model of no kind is named. */
function payloadOf(models: readonly FormModel[], culture: string, kinds: PayloadKinds): { payload: SubmissionPayload; structure: string[] } {
  const payload: SubmissionPayload = emptyPayload(culture);
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
      payload[kind] = [...modelsOf(payload[kind]), model];
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
    const model = modelOf(payload[kind]);
    if (!model) continue;
    if (kind !== 'credentials') {
      out.push(model);
      continue;
    }
    out.push({ ...model, fields: authorizedCredentials(model.fields, signIn, authorization) });
  }
  const lists = kinds.lists.flatMap((kind) => modelsOf(payload[kind]));
  return [...out, ...lists];
}

/** The single-instance models' answers, the scope skip rules read. */
const scopeOf = (payload: SubmissionPayload, kinds: PayloadKinds) => ({ models: Object.fromEntries(kinds.single.map((kind) => [kind, modelOf(payload[kind])?.fields])) });

// Made by functions rather than written as closures in a save: the server's runner names each
// closure it makes (a property write), on every save.
/** A page's title in the culture (its id when it has none). */
const pageTitles =
  (app: FastifyInstance, culture: string) =>
  (p: PageConfig): string =>
    p.titleKey ? (app.locales.text(p.titleKey, culture) ?? p.id) : p.id;
/** The localized texts of the culture by key. */
const textsIn =
  (app: FastifyInstance, culture: string) =>
  (key: string): string | undefined =>
    app.locales.text(key, culture);

/** The sign-in answers the session is authorized with, by the fields the form declares (never the secret). */
function authorizedSignInAnswers(signIn: SignIn, authorization: Authorization): Record<string, string | null> {
  const credentials: Record<string, string | null> = {};
  if (signIn.vin) credentials[signIn.vin] = authorization.vin;
  if (signIn.identifier) credentials[signIn.identifier.field] = authorization.noticeId || null;
  return credentials;
}

/** The claims in progress of a settlement's forms, sharing the grouped commits of their saves: `forForm(form)` is one form's. */
export function createClaimsInProgress(app: FastifyInstance) {
  const store = app.stores.drafts;
  const retentionMs = app.settlement.settings.drafts.retentionDays * DAY_MS;
  const whitelist = [...app.settlement.allowedCharacters].join('');
  const inSaveTransaction = groupedWrites(app.database).transaction;

  function forForm(claimForm: ClaimForm) {
    const { flow, formType, form, models, kinds, deadlines } = claimForm;
    /** The flow up to and including each page, made once per page: the page logic keeps what it derives from it by this object. */
    const prefixes = flow.pages.map((_, at): Pick<FlowFile, 'pages'> => ({ pages: flow.pages.slice(0, at + 1) }));
    /** The single-instance models each page reads, by page (made once). */
    const pageSingles = new Map(flow.pages.map((p) => [p, [...pagesSingleModels([p])]]));
    const kindOf = (id: FormType) => settlementFormOf(app.settlement, id).kind;

    type SaveRequest = FastifyRequest<{ Body: DraftSaveBody }>;

    /** Throws the 409 of a claim of this Notice ID filed already that the duplicate policy refuses to repeat: the filer's reference code when their secret proved them. */
    const refuseFiledElsewhere = async (authorization: Authorization) => {
      const refusal = duplicateRefusal(app.settlement.settings.duplicates, formType, await app.stores.submissions.filingsOf(identifiersOf(authorization)), kindOf);
      if (!refusal) return;
      const referenceCode = filerReferenceCode(refusal, form.signIn.secret !== undefined, settlementFormOf(app.settlement, refusal.earlier).signIn);
      throw referenceCode ? httpError('ALREADY_SUBMITTED', { args: [referenceCode] }) : httpError(refusal.code);
    };

    /**
     * The answers of a save, checked: those up to and including `pageId`, as the pages check them;
     * `unfinished` (save and finish later) leaves the empty fields of that page unrefused.
     */
    const checkedSave = async (request: SaveRequest, unfinished: boolean, options: { filedCheckedBySave?: boolean } = {}) => {
      const { body, culture } = request;
      const authorization = requireAuthorization(app, flow, request);
      const { pageId } = body;
      const at = flow.pages.findIndex((p) => p.id === pageId);
      const page = flow.pages[at];
      if (!page) throw httpError('PAGE_NOT_REACHED', { details: [`The page ${pageId.slice(0, 100)} is not a page of this form.`] });

      const openRecords = unfinished ? (body.openRecords ?? []) : [];
      const unstorable = [...unstorableTextPaths(body.models, 'models'), ...unstorableTextPaths(openRecords, 'openRecords')].map((path) => `${path}: ${UNSTORABLE_TEXT}`);
      if (unstorable.length) throw httpError('BAD_REQUEST', { details: unstorable });
      const built = payloadOf(body.models, culture, kinds);
      if (built.structure.length) throw httpError('STRUCTURE_INVALID', { details: built.structure });
      // A record being typed is checked for its place only: its values are checked by its Save.
      const openProblems = openRecordProblems(page, openRecords, models, formType);
      if (body.models.some((m) => openRecords.some((r) => r.clientId === m.clientId))) openProblems.push('openRecords: a saved record is not open.');
      if (openProblems.length) throw httpError('STRUCTURE_INVALID', { details: openProblems });
      const credentials = built.payload.credentials?.fields;
      if (credentials && !namesAuthorized(credentials, form.signIn, authorization)) {
        // The session is there: its authorization was found above.
        const data = request.session?.data;
        throw httpError(data ? otherClaimantRefusal(data, formType, tabOf(request), form.signIn) : 'NOT_AUTHORIZED');
      }

      const pages = prefixes[at] ?? { pages: flow.pages.slice(0, at + 1) };
      const title = pageTitles(app, culture);
      // A page on the way here with no answers at all: this page cannot have been reached.
      const sentScope = scopeOf(built.payload, kinds);
      const unanswered = pages.pages.filter(
        (p) => p !== page && p.inFlow !== false && !isPageSkipped(p, sentScope) && (pageSingles.get(p) ?? [...pagesSingleModels([p])]).some((kind) => !built.payload[kind]),
      );
      if (unanswered.length) throw httpError('PAGE_NOT_REACHED', { details: unanswered.map((p) => `${title(p)}: this page has not been answered yet.`) });
      const problems = validateSubmission({
        unfinishedPageIds: unfinished ? [pageId] : undefined,
        formType,
        flow: pages,
        linkPages: flow.pages,
        settings: app.settlement.settings,
        payload: built.payload,
        models,
        whitelist,
        now: new Date(app.clock()),
        text: textsIn(app, culture),
        partial: true,
      });
      if (problems.structure.length) throw httpError('STRUCTURE_INVALID', { details: problems.structure });
      if (problems.fields.length) throw httpError('VALIDATION_FAILED', { details: problems.fields, fieldErrors: problems.fieldErrors });
      const kept = problems.payload;
      if (isPageSkipped(page, scopeOf(kept, kinds))) throw httpError('PAGE_NOT_REACHED', { details: [`${title(page)}: your answers skip this page.`] });

      // This authorization's claim is filed (Submit in another tab): nothing is left to continue.
      // A page save asks its own upsert instead (`unlessFiled`), and is refused the same.
      if (!options.filedCheckedBySave) {
        const filed = await app.stores.submissions.referenceCodeOf(formType, submissionKey(formType, authorization));
        if (filed) throw httpError('ALREADY_SUBMITTED', { args: [filed] });
      }
      // A claim in progress kept by its Notice ID is shared by every session that signs in with it:
      // filed from another one (another browser), it is over here too when the settlement's
      // duplicate policy accepts no other — the same judgement as at sign-in (sign-in.ts).
      if (authorization.noticeId) await refuseFiledElsewhere(authorization);

      return { authorization, pageId, models: keptModels(kept, authorization, form.signIn, kinds), openRecords };
    };

    /** A page save: the answers up to and including `pageId`, checked as the pages check them; the session extended. */
    async function save(request: SaveRequest): Promise<{ savedAt: string; expiresAt: string; sessionExpiresAt: string }> {
      const unfinished = request.body.unfinished === true;
      // With sessions in the database, the session's expiry and the draft are written together
      // (a save is activity: the session lives on from now), and the filed-claim check is a part
      // of the draft's upsert: a save refused because the claim is filed extends no session. On
      // PostgreSQL that is one statement; on SQLite one transaction, committed with the saves
      // that arrive meanwhile (one disk flush for them all; answered once on disk). With sessions
      // elsewhere (Redis), the claim is checked before the session is extended, as always.
      const together = app.sessions.joinTransactions;
      const { authorization, pageId, models: kept, openRecords } = await checkedSave(request, unfinished, { filedCheckedBySave: together });
      const now = app.clock();
      const draft = {
        ...draftKeyOf(app, formType, authorization),
        pageId,
        models: kept,
        authorizationId: authorization.id,
        expiresAt: Math.min(now + retentionMs, ...deadlines),
        pageUnfinished: unfinished,
        openRecords,
        ...(together ? { unlessFiled: submissionKey(formType, authorization) } : {}),
      };
      let written: { sessionExpiresAt: number; saved: DraftRecord };
      try {
        if (!together) {
          const sessionExpiresAt = await app.sessions.keepAlive(request);
          written = { sessionExpiresAt, saved: await store.save(draft) };
        } else {
          // The session's expiry written by the draft's own statements (drafts.ts `touchSession`):
          // one statement on PostgreSQL, the save's transaction (grouped) on SQLite.
          const session = request.session;
          if (!session) throw new SessionGoneError();
          const sessionExpiresAt = now + app.sessions.idleTimeoutMs;
          const touching = { ...draft, touchSession: { idHash: sessionIdHash(session.id), expiresAt: sessionExpiresAt } };
          const saved = app.database.dialect === 'postgres' ? await store.save(touching) : await inSaveTransaction((trx) => store.save(touching, trx));
          session.expiresAt = sessionExpiresAt;
          written = { sessionExpiresAt, saved };
        }
      } catch (error) {
        if (error instanceof ClaimFiledError) throw httpError('ALREADY_SUBMITTED', { args: [error.referenceCode] });
        if (error instanceof SessionGoneError) throw httpError('NOT_AUTHORIZED');
        throw error;
      }
      const { sessionExpiresAt, saved } = written;
      return { savedAt: iso(saved.updatedAt), expiresAt: iso(saved.expiresAt), sessionExpiresAt: iso(sessionExpiresAt) };
    }

    /** Save and finish later: the draft stored unfinished on `pageId` and a new resume code, in one transaction. */
    async function saveForLater(request: SaveRequest) {
      const { authorization, pageId, models: kept, openRecords } = await checkedSave(request, true);
      // A save is activity, also when the claimant then goes on with the claim.
      await app.sessions.keepAlive(request);
      const now = app.clock();
      const key = draftKeyOf(app, formType, authorization);
      const { code, normalized } = newResumeCode();
      const email = emailAddressOf(kept, models);
      const link = resumeLink(request, code);
      const saved = await app.database.db.transaction().execute(async (trx) => {
        const draft = await store.save({ ...key, pageId, models: kept, authorizationId: authorization.id, expiresAt: Math.min(now + retentionMs, ...deadlines), pageUnfinished: true, openRecords }, trx);
        await app.stores.resumeCodes.issue(key, resumeCodeHash(app, normalized), trx);
        // The code and its link by e-mail too, when the claim names an address: queued with the code.
        if (email !== null) await app.mail.enqueue(trx, { kind: 'resume-link', to: email, culture: request.culture, data: { code, link, expiresAt: draft.expiresAt, credentialLabelKeys: credentialLabelKeys(flow) } });
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
    }

    /** The claim in progress of whom the session is authorized as, with its documents and what authorize prefilled. */
    async function read(request: FastifyRequest): Promise<DraftReading> {
      const authorization = requireAuthorization(app, flow, request);
      const key = draftKeyOf(app, formType, authorization);
      const draft = await store.get(key);
      // The prefilled answers live in the session from authorize until a save keeps them: a
      // reload before the first save must still show them.
      const prepopulatedData = request.session ? prepopulatedOf(request.session.data, formType, tabOf(request)) : null;
      // The sign-in answers as the server holds them (no PIN): before the first save, the page's
      // next save and the submit send the credentials it authorized.
      const credentials = authorizedSignInAnswers(form.signIn, authorization);
      // Nothing saved yet: an empty claim in progress, not a failure (every first sign-in reads it).
      if (!draft) return { pageId: null, pageUnfinished: false, models: [], openRecords: [], savedAt: null, expiresAt: null, documents: [], prepopulatedData, credentials };
      const documents = (await app.stores.draftDocuments.list(key)).map(storedDocumentAnswer);
      return { pageId: draft.pageId, pageUnfinished: draft.pageUnfinished, models: draft.models, openRecords: draft.openRecords, savedAt: iso(draft.updatedAt), expiresAt: iso(draft.expiresAt), documents, prepopulatedData, credentials };
    }

    return { save, saveForLater, read };
  }

  return { forForm };
}

/**
 * Deletes expired drafts and their resume codes hourly, the cures in progress past their cure-by
 * day (cure-in-progress.ts), and the document objects no row names
 * (server/documents/sweep.ts: those of refused uploads, replaced documents, drafts gone); returns
 * how to stop.
 */
export function startDraftPurge(app: FastifyInstance): () => void {
  const sweep = createDocumentSweep(app.database, app.documents.all);
  const documentObjects = { purgeExpired: () => sweep(app.clock()) };
  return startHousekeeping([app.stores.drafts, app.stores.resumeCodes, cureInProgressPurge(app), documentObjects], PURGE_INTERVAL_MS, (error) => app.log.warn({ err: error }, 'draft purge failed'));
}
