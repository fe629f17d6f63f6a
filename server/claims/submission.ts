/**
 * The submit of spec §7: the multipart claim of a form with a `submit` call, guarded by the flow's
 * `deadlineKeys`; the models a form takes are the flow's `models`.
 *
 * Order: deadline → session authorized for the form → a submit sooner after authorize than a
 * person could fill the form is shed with 429 once its address or network sent too many
 * (plugins/app/fraud.ts) → parts read with limits (files by type and structure, then the malware
 * scan of documents/scan.ts, sizes; the honeypot part set aside) → structure (core payload) → the documents the claim describes but did
 * not send are those added to the claim in progress (draft-documents.ts), checked when they were
 * added (a retry of a filed claim reads those filed with it); sent and stored together within the
 * total size → models (core rule engine, server side) → the
 * credentials name whom the session is authorized as (VIN, Notice ID) → captcha siteverify (fresh
 * provider token; the call starts when the token's part arrives, ahead of the files, and its
 * answer is used here) → ONE transaction: the provider token recorded as used, the session's
 * single-use captchaRawValue consumed (by this submission's key, so that a retry of the same
 * submission may use it again), submission + documents stored (one per authorization: the same
 * answers again are a retry, other answers are refused with ALREADY_SUBMITTED), the settlement's
 * duplicate policy applied to the authorized VIN and Notice ID, the claim screened for fraud
 * (reasons, score, disposition: never shown to the claimant), its e-mail receipt queued in the
 * outbox when it gives an address (plugins/app/mail.ts). Anything refused writes nothing
 * but the provider token's single-use record. The claimant's draft (claim-in-progress.ts) and its
 * documents are deleted in the same transaction. The session itself is not written. What is stored
 * as the claimant's credentials and prepopulatedData is the server's, not the client's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import type { PayloadKinds } from '../../runtime/core/models/index.js';
import { HONEYPOT_FIELD, jsonNestedDeeperThan, jsonParts, isPayloadFieldPart, payloadFromParts, prepopulatedModel } from '../../runtime/core/payload/index.js';
import type { DocumentFile, FormType, SubmissionPayload } from '../../runtime/core/types.js';
import { SubmissionConflictError } from '../db/errors.js';
import { groupedWrites } from '../db/grouped-transactions.js';
import type { DocumentContent, DocumentObject, NewDocument, NewDocumentObject } from '../db/types.js';
import { forgetObjects } from '../documents/forget.js';
import { prepareSpooledFile, putSpooledFile, spooledStream, spoolFile } from '../documents/receive.js';
import { httpError } from '../errors.js';
import { maskAddress } from '../mail/content.js';
import type { CaptchaUse } from '../plugins/app/captcha.js';
import { TEXT_PART_BYTES } from '../plugins/external/multipart.js';
import { judgeDuplicates } from '../settlement/duplicates.js';
import { settlementFormOf } from '../settlement/load.js';
import type { ClaimForm } from './claim-form.js';
import { draftKeyOf, identifiersOf, submissionKey } from './claim-keys.js';
import { acceptedDocumentFile, isFileTooLarge, megabytes, shownName } from './documents.js';
import { scanBeforeAccepting } from '../documents/scan.js';
import { requireAuthorization, prepopulatedOf, tabOf, type Authorization } from './session-authorizations.js';
import { authorizedCredentials, namesAuthorized, otherClaimantRefusal } from './sign-in.js';
import { validateSubmission } from './validate.js';

interface ReadParts {
  text: Record<string, string>;
  /**
   * `data` is empty: the bytes are the document's object (or, stored before the document stores,
   * its row's); `pending`, the database store's object not written yet (written with the claim).
   */
  files: Array<DocumentFile & DocumentContent & { sha256: string; unscanned?: boolean; pending?: NewDocumentObject }>;
}

const NO_DATA = new Uint8Array(0);

/** The answer of a stored submission (spec §7), with its e-mail receipt. */
export interface SubmitAnswer {
  submitted: true;
  error: null;
  referenceCodeForm: string;
  receiptQueued: boolean;
  receiptAddress?: string;
}

/** The submits of a settlement's forms, sharing the grouped commits of their writes: `forForm(form)` is one form's. */
export function createSubmissions(app: FastifyInstance) {
  const uploads = app.settlement.settings.uploads;
  const duplicatePolicy = app.settlement.settings.duplicates;
  const whitelist = [...app.settlement.allowedCharacters].join('');
  const writes = groupedWrites(app.database);

  /**
   * The parts, as they stream; `onText` sees each text part's first value as soon as it arrives.
   * Each file is received (server/documents/receive.ts: in memory while small, else through a
   * temp file of its own), checked, and goes into the document store (the database's: read, written later with
   * the claim); `written` collects the objects written now.
   */
  async function readParts(request: FastifyRequest, onText: (name: string, value: string) => void, written: DocumentObject[]): Promise<ReadParts> {
    const text: Record<string, string> = {};
    const files: ReadParts['files'] = [];
    const structure: string[] = [];
    let total = 0;
    const tooLarge = () => httpError('FILE_TOO_LARGE', { args: [megabytes(uploads.maxFileBytes), megabytes(uploads.maxTotalBytes)] });
    try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const spooled = await spoolFile(part.file);
        try {
          if (spooled.truncated) throw tooLarge();
          total += spooled.size;
          if (total > uploads.maxTotalBytes) throw tooLarge();
          const name = part.filename || '';
          if (isPayloadFieldPart(part.fieldname)) {
            structure.push(`${part.fieldname}: expected text, got a file.`);
            continue;
          }
          if (!name) structure.push(`A document for ${part.fieldname} has no file name.`);
          const store = app.documents.current;
          // The bytes the checks read are kept only for the database's store, which writes them whole.
          let checked: { type: string; bytes: Buffer | null } = await acceptedDocumentFile(spooled, name, (detail) => request.log.info({ detail }, 'document refused'));
          if (!store.prepareForRow) checked = { type: checked.type, bytes: null };
          const { type, bytes } = checked;
          const { unscanned } = await scanBeforeAccepting(app, () => bytes ?? spooledStream(spooled), name, request.log);
          // The database store's object is written in the claim's transaction, with its row; another
          // store's now, before the row (and forgotten if no committed row names it).
          const prepared = bytes ? await prepareSpooledFile(store, bytes) : null;
          if (prepared) {
            files.push({ clientId: part.fieldname, name, size: prepared.size, type, object: prepared.object, sha256: prepared.sha256, data: NO_DATA, unscanned, pending: prepared.pending });
            continue;
          }
          const { object, size, sha256 } = await putSpooledFile(store, spooled, type);
          written.push(object);
          files.push({ clientId: part.fieldname, name, size, type, object, sha256, data: NO_DATA, unscanned });
        } finally {
          await spooled.remove();
        }
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.valueTruncated || value.length > TEXT_PART_BYTES) throw httpError('TOO_MANY_PARTS');
        if (Object.hasOwn(text, part.fieldname)) structure.push(`${part.fieldname}: sent more than once.`);
        else onText(part.fieldname, value);
        text[part.fieldname] = value;
      }
    }
    } catch (err) {
      if (isFileTooLarge(err)) throw tooLarge();
      throw err;
    }
    if (structure.length) throw httpError('STRUCTURE_INVALID', { details: structure });
    return { text, files };
  }

  /**
   * The JSON parts, parsed once: those with __proto__ / constructor.prototype keys, nested too
   * deeply or unreadable are refused (secure-json-parse); the values go on to payloadFromParts.
   */
  function parseJsonParts(text: Record<string, string>, kinds: PayloadKinds): Map<string, unknown> {
    const problems: string[] = [];
    const parsed = new Map<string, unknown>();
    for (const name of jsonParts(kinds)) {
      const value = text[name];
      if (value === undefined || value === '') continue;
      // Refused before parsing: walking a deeply nested value (checks, storage) could exhaust the stack.
      if (jsonNestedDeeperThan(value)) {
        problems.push(`${name}: the part is nested too deeply.`);
        continue;
      }
      try {
        parsed.set(name, sjson.parse(value, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch (err) {
        problems.push(err instanceof SyntaxError && !/prototype/i.test(err.message) ? `${name}: the part is not valid JSON.` : `${name}: forbidden property name.`);
      }
    }
    if (problems.length) throw httpError('MALFORMED_JSON', { details: problems });
    return parsed;
  }

  /**
   * The files of the document contexts the claim names but did not send: those added to the claim
   * in progress (the draft's documents), else, for a retry of a filed claim (the draft is gone
   * with it), those filed with it, so that the retry describes the same documents and answers the
   * same reference code. In the order of the document contexts.
   */
  async function storedDocuments(payload: SubmissionPayload, sent: ReadParts['files'], formType: FormType, authorization: Authorization): Promise<ReadParts['files']> {
    const sentIds = new Set(sent.map((f) => f.clientId));
    const wanted = payload.documentContexts.filter((m) => !sentIds.has(m.clientId));
    if (!wanted.length) return [];
    const byContext = new Map<string, { name: string; type: string; size: number; sha256: string; object: DocumentObject | null; bytes: Buffer | null; unscanned: boolean }>();
    for (const d of await app.stores.draftDocuments.located(draftKeyOf(app, formType, authorization))) byContext.set(d.contextClientId, d);
    if (wanted.some((m) => !byContext.has(m.clientId))) {
      const filed = await app.stores.submissions.referenceCodeOf(formType, submissionKey(formType, authorization));
      const record = filed ? await app.stores.submissions.getByReferenceCode(filed) : null;
      if (record) {
        for (const d of await app.stores.submissions.getDocuments(record.id)) if (!byContext.has(d.contextClientId)) byContext.set(d.contextClientId, d);
      }
    }
    // The filed document names the draft's object (no copy); one stored before the document stores keeps its bytes in its row.
    return wanted.flatMap((m): ReadParts['files'] => {
      const d = byContext.get(m.clientId);
      if (!d) return [];
      const file = { clientId: m.clientId, name: d.name, size: d.size, type: d.type, sha256: d.sha256, data: NO_DATA, unscanned: d.unscanned };
      if (d.object) return [{ ...file, object: d.object }];
      return d.bytes ? [{ ...file, bytes: d.bytes }] : [];
    });
  }

  function forForm(claimForm: ClaimForm) {
    const { flow, formType, form, models, kinds } = claimForm;

    /**
     * Files the claim the request sends, or refuses it. The objects of the files it sent are
     * written in the claim's transaction with the rows naming them (the database's store: nothing
     * written for a refusal, a retry of a filed claim or the files of skipped pages), or, in an
     * object store, before the claim's rows commit, and those no committed row names are deleted
     * when it answers.
     */
    return async function submit(request: FastifyRequest): Promise<SubmitAnswer> {
      const written: DocumentObject[] = [];
      const committed = new Set<string>();
      try {
        return await fileClaim(request, written, committed);
      } finally {
        if (written.length) await forgetObjects(app, written.filter((object) => !committed.has(object.key)));
      }
    };

    async function fileClaim(request: FastifyRequest, written: DocumentObject[], committed: Set<string>): Promise<SubmitAnswer> {
      const authorization = requireAuthorization(app, flow, request);
      // The session is there: its authorization was found above.
      const session = request.session;
      if (!session) throw httpError('NOT_AUTHORIZED');
      const tab = tabOf(request);
      // Automated floods are shed here, before the claim is read or anything is stored.
      await app.fraud.shedFastSubmit(request, formType, authorization);

      // Siteverify starts as soon as the provider token's part has arrived, while the files are
      // still on their way: provider tokens expire (two minutes for reCAPTCHA), and on a slow
      // uplink the files alone can take longer. Its answer is used after the checks below.
      let verifying: Promise<CaptchaUse | null> | undefined;
      const checked = async () => {
        const { text, files: sent } = await readParts(
          request,
          (name, value) => {
            if (name !== 'reCaptchaResponse') return;
            verifying = app.captcha.check(value, request);
            verifying.catch(() => {}); // awaited below, or after a refusal
          },
          written,
        );
        // The honeypot is screened, not part of the payload.
        const honeypot = text[HONEYPOT_FIELD];
        delete text[HONEYPOT_FIELD];
        if (text.userPreferredCulture) request.culture = app.locales.resolve(text.userPreferredCulture);
        const parsed = payloadFromParts(text, sent, kinds, parseJsonParts(text, kinds));
        if (!parsed.payload) throw httpError('STRUCTURE_INVALID', { details: parsed.errors });
        const payload = parsed.payload;
        if (!app.locales.cultures.includes(payload.userPreferredCulture)) throw httpError('UNKNOWN_CULTURE');

        // The documents not sent with the claim were added to it before (stored with the draft).
        const files = [...sent, ...(await storedDocuments(payload, sent, formType, authorization))];
        if (files.reduce((sum, f) => sum + f.size, 0) > uploads.maxTotalBytes) throw httpError('FILE_TOO_LARGE', { args: [megabytes(uploads.maxFileBytes), megabytes(uploads.maxTotalBytes)] });
        payload.documents = files.length ? files : null;

        // Each file must match the name its document context declares.
        const contexts = new Map(payload.documentContexts.map((m) => [m.clientId, m]));
        const mismatched = files.filter((f) => {
          const declared = contexts.get(f.clientId)?.fields.name;
          return typeof declared === 'string' && declared !== f.name;
        });
        if (mismatched.length) {
          throw httpError('STRUCTURE_INVALID', { details: mismatched.map((f) => `The document "${shownName(f.name)}" does not match its document details.`) });
        }

        const problems = validateSubmission({
          formType,
          flow,
          settings: app.settlement.settings,
          payload,
          models,
          whitelist,
          now: new Date(app.clock()),
          text: (key) => app.locales.text(key, request.culture),
        });
        if (problems.structure.length) throw httpError('STRUCTURE_INVALID', { details: problems.structure });
        if (problems.fields.length) throw httpError('VALIDATION_FAILED', { details: problems.fields, fieldErrors: problems.fieldErrors });

        if (!namesAuthorized(payload.credentials?.fields, form.signIn, authorization)) throw httpError(otherClaimantRefusal(session.data, formType, tab, form.signIn));

        const key = submissionKey(formType, authorization);
        const use = await (verifying ?? app.captcha.check(payload.reCaptchaResponse, request));
        // What the flow keeps: the answers of skipped pages and hidden fields are not stored.
        const kept = new Set(problems.payload.documentContexts.map((m) => m.clientId));
        return { payload: problems.payload, files: files.filter((f) => kept.has(f.clientId)), key, use, honeypot };
      };
      let prepared: Awaited<ReturnType<typeof checked>>;
      try {
        prepared = await checked();
      } catch (error) {
        // A refused submission spends the provider token it had verified, as a refused store does.
        const verified = verifying ? await verifying.catch(() => null) : null;
        if (verified) return app.captcha.spendOnRefusal(verified, request, error);
        throw error;
      }
      const { payload, files, key, use, honeypot } = prepared;

      const documents: NewDocument[] = files.map((f) => {
        const meta = { contextClientId: f.clientId, name: f.name, type: f.type, size: f.size, sha256: f.sha256, unscanned: f.unscanned ?? false };
        return f.object ? { ...meta, object: f.object } : { ...meta, bytes: f.bytes };
      });
      const { reCaptchaResponse: _r, captchaRawValue: _c, documents: _d, ...answers } = payload;
      // Who the claim is for is stored as the server authorized it. The PIN proved the claimant
      // at authorize; it is a secret (kept hashed in the class list) and is never stored with the
      // claim or exported.
      if (answers.credentials) answers.credentials = { ...answers.credentials, fields: authorizedCredentials(answers.credentials.fields, form.signIn, authorization) };
      // prepopulatedData is the server's own copy from authorize, never the client's echo of it.
      const serverCopy = prepopulatedOf(session.data, formType, tab);
      answers.prepopulatedData = serverCopy ? [prepopulatedModel(formType, serverCopy)] : [];
      const screen = app.fraud.screen(request, {
        formType,
        authorization,
        answers,
        documentDigests: files.map((f) => f.sha256),
        honeypot,
        captchaScore: use?.score,
      });
      const storedAnswers = { ...answers, documents: documents.map(({ bytes: _b, object: _o, unscanned: _u, ...meta }) => meta) };
      // Serialised once: the submission's row and the receipt's render data hold the same text.
      const storedAnswersJson = JSON.stringify(storedAnswers);
      let receiptTo: string | null = null;
      let recordScreening: Awaited<ReturnType<typeof screen>> | undefined;
      let stored;
      try {
        stored = await app.stores.submissions.storeSubmission(
          {
            formType,
            referencePrefix: form.referencePrefix,
            idempotencyKey: key,
            culture: payload.userPreferredCulture,
            payload: storedAnswers,
            payloadJson: storedAnswersJson,
            documents,
            // The database store's objects of the files sent: written with the claim's rows, in one commit.
            objects: files.flatMap((f) => (f.pending ? [f.pending] : [])),
            identifiers: identifiersOf(authorization),
          },
          {
            // In the submission's transaction, in one statement with its rows (on PostgreSQL): a
            // refusal here rolls it all back.
            async before(_trx, batch) {
              receiptTo = null; // a transaction tried again queues anew
              const spent = [
                use ? app.captcha.markUsed(use, request, batch) : undefined,
                app.captcha.consumeRaw(request, formType, payload.captchaRawValue, key, batch),
                // A submitted claim leaves no claim in progress.
                app.stores.drafts.remove(draftKeyOf(app, formType, authorization), batch),
              ];
              // The claim is compared with what was stored before it.
              const [record] = await Promise.all([screen(batch), ...spent]);
              recordScreening = record;
            },
            // Committed with the other writes that arrive meanwhile (one disk flush on SQLite), answered once on disk.
            inTransaction: writes.transaction,
            judgeDuplicates: (earlier) => judgeDuplicates(duplicatePolicy, formType, earlier, (id) => settlementFormOf(app.settlement, id).kind),
            // Last in the transaction, in one statement (on PostgreSQL): the claim's screening, and
            // its receipt queued (in the claimant's language), so that no claim lacks its receipt.
            async after(_trx, created, batch) {
              const screened = recordScreening?.(batch, created);
              const queued = app.mail.queueReceipt(batch, {
                formType,
                submissionId: created.submissionId,
                referenceCode: created.referenceCode,
                culture: payload.userPreferredCulture,
                answers: storedAnswers,
                submittedAt: app.clock(),
                // The address the claimant filed on (as the resume link's): the receipt links its status page.
                siteOrigin: `${request.protocol}://${request.host}`,
              }, storedAnswersJson);
              [, receiptTo] = await Promise.all([screened, queued]);
            },
          },
        );
      } catch (error) {
        const refusal = error instanceof SubmissionConflictError ? httpError('ALREADY_SUBMITTED', { args: [error.referenceCode], filedReferenceCode: error.referenceCode }) : error;
        return app.captcha.spendOnRefusal(use, request, refusal);
      }
      if (stored.created) for (const d of documents) if (d.object) committed.add(d.object.key);
      if (receiptTo) app.mail.wake();
      // A retry answers as the first submit did: its receipt was queued then, or not at all.
      else if (!stored.created) receiptTo = await app.mail.receiptRecipient(stored.submissionId);
      request.log.info({ formType, created: stored.created, submissionId: stored.submissionId, receiptQueued: receiptTo !== null }, 'submission stored');
      return {
        submitted: true,
        error: null,
        referenceCodeForm: stored.referenceCode,
        receiptQueued: receiptTo !== null,
        ...(receiptTo ? { receiptAddress: maskAddress(receiptTo) } : {}),
      };
    }
  }

  return { forForm };
}
