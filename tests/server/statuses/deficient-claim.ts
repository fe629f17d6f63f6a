/**
 * A cure test's starting point: a claim filed over HTTP, set deficient by the administrator for
 * one deficiency kind (cure by 2026-12-31), and a new claimant signed in on its status page.
 */
import { expect } from 'vitest';
import { applyStatusChanges } from '../../../server/claims/statuses.js';
import type { ClaimStatusAnswer } from '../../../runtime/core/api/index.js';
import type { FormModel } from '../../../runtime/core/types.js';
import type { Claimant, TestServer } from '../helper.js';

export interface DeficientClaim {
  code: string;
  /** The claimant signed in on the status page. */
  c: Claimant;
  submissionId: number;
  /** The claim's filed answers to the pages the cure asks again, as a cure sends them back. */
  filed: FormModel[];
  status: ClaimStatusAnswer;
}

export async function deficientClaim(server: TestServer, deficiency: string, now: number): Promise<DeficientClaim> {
  const a = await server.authorized('Automotive');
  const filedClaim = await a.c.submit('Automotive', a.parts(await a.c.captchaToken()));
  expect(filedClaim.statusCode, filedClaim.body).toBe(200);
  const code = filedClaim.json<{ referenceCodeForm: string }>().referenceCodeForm;
  await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'deficient', deficiencies: [deficiency], cureBy: '2026-12-31' }], {
    changedBy: 'admin status',
    statusLink: 'https://claims.example.com/status',
    clock: () => now,
  });
  const c = await server.claimant();
  const status = await c.api.claimStatus(code, { vin: a.credentials.vin });
  if (!status.ok) throw new Error(status.error);
  const { id } = await server.app.database.db.selectFrom('submissions').select('id').where('reference_code', '=', code).executeTakeFirstOrThrow();
  const filed = (status.data.cureAnswers ?? []).map((m) => ({ id: m.id ?? null, clientId: m.clientId, metadata: m.metadata, metadataHash: m.metadataHash ?? '', fields: m.fields }));
  return { code, c, submissionId: Number(id), filed, status: status.data };
}
