/**
 * The real claims server for the studio's settlement folder (server/app.ts buildApp, as
 * `npm run flows:test <folder> --browser` starts it): a scratch SQLite data folder seeded with the
 * folder's class list and the in-process captcha emulator, on 127.0.0.1. Started on the first
 * sign-in of a walk, so a walk signs in against the settlement's real data; stopped with the studio.
 * A sign-in is an API client of its own (runtime/core/api: its cookie jar keeps the session, the
 * client its CSRF token) under an id the walk holds, and the walk's Submit sends the claim through
 * that client, as the claimant app does: multipart, with its files.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '../../runtime/core/api/index';
import { createCookieJar } from '../../runtime/core/api/cookie-jar';
import { payloadToFormData } from '../../runtime/core/payload/multipart';
import type { AuthorizeResponse, FieldValue, FormModel, SubmissionPayload, SubmitResponse } from '../../runtime/core/types';
import { buildApp } from '../../server/app';
import { startCaptchaEmulator } from '../../server/captcha-emulator/emulator';
import { openDatabase } from '../../server/db';
import { loadSettlement } from '../../server/settlement/load';
import { readSettlementFolder } from '../../settlement/read';

export interface ClaimsServer {
  /** One sign-in as a new claimant (its own session): the server's answer, as the claimant app reads it, and the session's id. */
  authorize(endpoint: string, credentials: FormModel): Promise<{ answer: AuthorizeResponse; session: string }>;
  /** Today's signature date as the server gives it to a claimant app (spec §7): its answer. */
  signatureDate(culture: string): Promise<unknown>;
  /** Whether a session id is one of this server's sign-ins. */
  hasSession(session: string): boolean;
  /** The claim sent in a sign-in's session (with a fresh captcha token): the server's answer and its status. */
  submit(endpoint: string, session: string, payload: SubmissionPayload): Promise<{ status: number; answer: SubmitResponse }>;
  stop(): Promise<void>;
}

/**
 * What the claims server reads of the folder, as one value: every file's path, size and time but
 * the fixtures', and the shipped flows and texts the folder takes when it has none of its own (a
 * walk's sign-in after a change of the class list, settings or flows starts a new server).
 */
export function folderStamp(folder: string): string {
  const hash = createHash('sha256');
  const { files, extended } = readSettlementFolder(folder);
  const visit = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (rel === '' && (name === 'fixtures' || name.startsWith('.'))) continue;
      const file = path.join(dir, name);
      const st = statSync(file);
      if (st.isDirectory()) visit(file, `${rel}${name}/`);
      else hash.update(`${rel}${name}\u0000${st.size}\u0000${st.mtimeMs}\n`);
    }
  };
  visit(folder, '');
  // The files it takes from the folders it extends and from the repository's flows/ and locales/.
  for (const entry of files.values()) {
    for (const { file } of entry.layers) {
      const st = statSync(file);
      hash.update(`${file}\u0000${st.size}\u0000${st.mtimeMs}\n`);
    }
  }
  for (const dir of extended) hash.update(`extends ${path.resolve(dir)}\n`);
  return hash.digest('hex');
}

export async function startClaimsServer(folder: string): Promise<ClaimsServer> {
  const settlement = loadSettlement(folder);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-claims-data-'));
  const emulator = await startCaptchaEmulator({ host: '127.0.0.1', ...(settlement.captcha.secret ? { secret: settlement.captcha.secret } : {}) });
  try {
    const database = await openDatabase({ dataDir });
    const app = await buildApp({
      settlement,
      database,
      ownsDatabase: true,
      // A scratch server whose sessions live as long as the studio: a fresh secret each start.
      sessionSecret: randomBytes(32).toString('hex'),
      environment: 'development',
      appDistDir: path.join(dataDir, 'no-front-end'),
      logger: false,
      captcha: { emulatorOrigin: emulator.origin },
    });
    const origin = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
    const sessions = new Map<string, ApiClient>();
    // The signature date needs no session: one client for it.
    const anonymous = createApiClient({ baseUrl: origin, cookies: createCookieJar() });
    const captchaToken = async () => {
      const token = await fetch(`${emulator.origin}/token`, { method: 'POST', body: JSON.stringify({ sitekey: settlement.captcha.siteKey, hostname: new URL(origin).hostname }) });
      return ((await token.json()) as { token: string }).token;
    };
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      hasSession: (session) => sessions.has(session),
      async signatureDate(culture) {
        const answer = await anonymous.getSignatureDate(culture);
        if (!answer.ok) throw new Error(`The claims server answered ${answer.status ?? 'nothing'} for the signature date.`);
        return answer.data;
      },
      async submit(endpoint, session, payload) {
        const api = sessions.get(session);
        if (!api) throw new Error(`no walk session ${session}`);
        // Sent as given: the walk shows the server's own answer, whatever its status.
        const res = await api.raw('POST', endpoint, { form: payloadToFormData({ ...payload, reCaptchaResponse: await captchaToken() }) });
        const answer = (await res.json().catch(() => ({}))) as { submitted?: unknown; error?: unknown; referenceCodeForm?: unknown; message?: unknown };
        return {
          status: res.status,
          answer: {
            submitted: res.ok && answer.submitted === true,
            error: text(answer.error) ?? text(answer.message) ?? (res.ok ? null : `The claims server answered ${res.status}.`),
            referenceCodeForm: text(answer.referenceCodeForm),
          },
        };
      },
      async authorize(endpoint, credentials) {
        const api = createApiClient({ baseUrl: origin, cookies: createCookieJar() });
        const csrf = await api.getCsrf();
        if (!csrf.ok || !csrf.data) throw new Error(`The claims server answered ${csrf.status ?? 'nothing'} for a CSRF token.`);
        const reCaptchaResponse = await captchaToken();
        // Sent as given: the walk shows the server's own answer, whatever its status. A sign-in
        // rotates the session and renews the token (session.ts): the jar and the client keep both.
        const res = await api.raw('POST', endpoint, { json: { credentials, reCaptchaResponse } });
        const answer = (await res.json().catch(() => ({}))) as { authorized?: unknown; error?: unknown; code?: unknown; captcha?: unknown; prepopulatedData?: unknown };
        const session = randomUUID();
        if (res.ok && answer.authorized === true) sessions.set(session, api);
        return {
          session,
          answer: {
            authorized: res.ok && answer.authorized === true,
            error: text(answer.error) ?? (res.ok ? null : `The claims server answered ${res.status}.`),
            code: text(answer.code),
            captcha: text(answer.captcha),
            prepopulatedData: answer.prepopulatedData && typeof answer.prepopulatedData === 'object' ? (answer.prepopulatedData as Record<string, FieldValue>) : null,
          },
        };
      },
      async stop() {
        await app.close();
        await emulator.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
