/**
 * The real claims server for the studio's settlement folder (server/app.ts buildApp, as
 * `npm run flows:test <folder> --browser` starts it): a scratch SQLite data folder seeded with the
 * folder's class list and the in-process captcha emulator, on 127.0.0.1. Started on the first
 * sign-in of a walk, so a walk signs in against the settlement's real data; stopped with the studio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AuthorizeResponse, FieldValue, FormModel } from '../../runtime/core/types';
import { buildApp } from '../../server/app';
import { startCaptchaEmulator } from '../../server/captcha-emulator/emulator';
import { openDatabase } from '../../server/db';
import { loadSettlement } from '../../server/settlement/load';
import { CSRF_HEADER } from '../../server/plugins/app/session';

export interface ClaimsServer {
  /** One sign-in as a new claimant (its own session): the server's answer, as the claimant app reads it. */
  authorize(endpoint: string, credentials: FormModel): Promise<AuthorizeResponse>;
  stop(): Promise<void>;
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
    return {
      async authorize(endpoint, credentials) {
        const csrf = await fetch(`${origin}/api/csrf`);
        const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const { requestToken } = (await csrf.json()) as { requestToken: string };
        const token = await fetch(`${emulator.origin}/token`, { method: 'POST', body: JSON.stringify({ sitekey: settlement.captcha.siteKey, hostname: new URL(origin).hostname }) });
        const { token: reCaptchaResponse } = (await token.json()) as { token: string };
        const res = await fetch(`${origin}${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: requestToken },
          body: JSON.stringify({ credentials, reCaptchaResponse }),
        });
        const answer = (await res.json().catch(() => ({}))) as { authorized?: unknown; error?: unknown; code?: unknown; captcha?: unknown; prepopulatedData?: unknown };
        const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
        return {
          authorized: res.ok && answer.authorized === true,
          error: text(answer.error) ?? (res.ok ? null : `The claims server answered ${res.status}.`),
          code: text(answer.code),
          captcha: text(answer.captcha),
          prepopulatedData: answer.prepopulatedData && typeof answer.prepopulatedData === 'object' ? (answer.prepopulatedData as Record<string, FieldValue>) : null,
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
