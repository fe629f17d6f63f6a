/**
 * Deadline time zones: an IANA zone name (America/New_York) is accepted beside the names of spec §5
 * in both deadline shapes, the form closes at the deadline's instant in that zone, and a name the
 * zone rules do not know stops the server at start-up with 'Unknown time zone', the file, the
 * pointer and a hint.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { Claimant, DIALECTS, MARIA, overHttp, settlementCopy, testApp, testDatabase, type TestDatabase } from './helper.js';

const EASTERN = {
  timeZone: 'America/New_York',
  deadlines: {
    globalDeadline: { deadlineDateTime: '2027-12-31T23:59:59', redirectUrl: { default: '/deadline' } },
    claimFilingDeadline: { deadlineDateTime: '2027-06-30T23:59:59', redirectUrl: { default: '/deadline' } },
  },
};

function problemsOf(dir: string) {
  try {
    loadSettlement(dir);
  } catch (err) {
    expect(err).toBeInstanceOf(SettlementError);
    return (err as SettlementError).problems;
  }
  throw new Error('the settlement loaded');
}

describe('loading deadline time zones', () => {
  it('accepts an IANA zone name in deadlines.json and in the legacy shape', () => {
    expect(loadSettlement(settlementCopy({ 'deadlines.json': EASTERN })).deadlines.body).toMatchObject({ timeZone: 'America/New_York' });
    const legacy = { deadlines: { globalDeadline: { timeZone: 'America/Phoenix', deadline: '12/31/2027' }, claimFilingDeadline: { timeZone: 'Eastern', deadline: '06/30/2027' } } };
    expect(loadSettlement(settlementCopy({ 'deadlines.json': null, 'deadlines.legacy.json': legacy })).deadlines.shape).toBe('legacy');
  });

  it("refuses a zone the rules do not know with 'Unknown time zone', its pointer and the nearest name", () => {
    expect(problemsOf(settlementCopy({ 'deadlines.json': { ...EASTERN, timeZone: 'America/New York' } }))).toEqual([
      {
        file: 'deadlines.json',
        pointer: '/timeZone',
        line: 1,
        column: 2,
        message: expect.stringMatching(/^Unknown time zone: America\/New York \(did you mean "America\/New_York"\? Or use one of spec §5's names \(Pacific, /),
      },
    ]);
    const legacy = { deadlines: { globalDeadline: { timeZone: 'Mars/Olympus', deadline: '12/31/2027' } } };
    expect(problemsOf(settlementCopy({ 'deadlines.json': null, 'deadlines.legacy.json': legacy }))).toEqual([
      {
        file: 'deadlines.legacy.json',
        pointer: '/deadlines/globalDeadline/timeZone',
        line: 1,
        column: expect.any(Number),
        message: expect.stringMatching(/^Unknown time zone: Mars\/Olympus \(use one of spec §5's names .* or an IANA zone name such as "America\/New_York"\)$/),
      },
    ]);
  });
});

describe.each(DIALECTS)('a settlement whose deadlines are in America/New_York, over %s', (dialect) => {
  let emulator: CaptchaEmulator;
  let db: TestDatabase;
  let app: FastifyInstance;
  let now = 0;

  beforeAll(async () => {
    now = Date.parse('2027-07-01T03:50:00Z'); // 2027-06-30 23:50 in New York (EDT, UTC-4)
    emulator = await startCaptchaEmulator();
    db = await testDatabase(dialect);
    app = await testApp(await db.open(), emulator, { settlementDir: settlementCopy({ 'deadlines.json': EASTERN }), clock: () => now });
  });
  afterAll(async () => {
    await app?.close();
    await db?.cleanup();
    await emulator?.close();
  });

  it('serves the zone as written and closes the claim form at 23:59:59 New York time', async () => {
    const http = await overHttp(app);
    const served = await http('/api/deadlines');
    expect(served.statusCode).toBe(200);
    expect(JSON.parse(served.body)).toMatchObject({ timeZone: 'America/New_York' });

    const c = await new Claimant(app, emulator, http).start();
    expect((await c.authorize('Automotive', { ...MARIA })).statusCode).toBe(200);
    now = Date.parse('2027-07-01T04:00:00Z'); // 2027-07-01 00:00:00 in New York; still 21:00 in Pacific
    const late = await new Claimant(app, emulator, http).start();
    const refused = await late.authorize('Automotive', { ...MARIA });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'DEADLINE_PASSED' });
  });
});
