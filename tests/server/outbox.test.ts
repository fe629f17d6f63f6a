/**
 * The e-mail outbox and the receipt, on SQLite and PostgreSQL, over real HTTP, delivered over SMTP
 * to a real smtp-server on 127.0.0.1, with a clock the tests move (the sender's runs are called
 * by the tests, not by a timer): one receipt per submission, queued in the claim's transaction and
 * written as the confirmation page shows it, without the PIN; none for a refused submit; retries
 * with a growing delay while the mail server refuses, then one delivery; a message left failed
 * after the last attempt, listed and queued again by the admin CLI; two senders on one database
 * send each message once; a sender that stops after taking a message leaves it to another once
 * its lease ends, sent under the same Message-ID, and the next instance's run is set for the end of
 * that lease (or of a retry's delay) rather than its next poll; a sender stopped mid-run leaves
 * the rest of the queue untaken; what a sent or given-up message said is emptied after the
 * settlement's retention period, its delivery facts kept.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/admin/cli.js';
import { createOutbox, DEFAULT_RETRY_POLICY } from '../../server/db/outbox.js';
import { createSender, messageIdOf, type Timers } from '../../server/mail/sender.js';
import { smtpMailer, type Mailer } from '../../server/mail/transport.js';
import { mailerFor } from '../../server/main.js';
import { receiptAddress } from '../../server/mail/receipt.js';
import type { FlowFile } from '../../runtime/core/types.js';
import { shippedFlow } from '../core/flow/helpers.js';
import { parseMail, startMailSink, type MailSink } from '../support/mail-sink.js';
import { DIALECTS, MARIA, model, OPEN_NOW, serverOver, type TestServer } from './helper.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';

const MINUTE = 60_000;
const RETRY = { maxAttempts: 3, baseDelayMs: MINUTE, maxDelayMs: 10 * MINUTE, leaseMs: 5 * MINUTE };

describe.each(DIALECTS)('the e-mail outbox (%s)', (dialect) => {
  let sink: MailSink;
  let now = OPEN_NOW;
  beforeAll(async () => {
    sink = await startMailSink();
  });
  afterAll(async () => sink.close());
  // The sink is listening before the server is built (this block's beforeAll runs first).
  const server: TestServer = serverOver(dialect, () => ({ clock: () => now, mail: { mailer: smtpMailer(sink.url), from: '"Claims" <claims@settlement.example>', retry: RETRY, startSender: false } }));

  const send = () => server.app.mailSender!.runOnce();
  const counts = () => server.app.mail.outbox.counts();

  async function fileClaim(formType: 'Automotive' | 'Exclusion' = 'Automotive', credentials?: typeof MARIA) {
    const a = await server.authorized(formType, credentials);
    const parts = a.parts(await a.c.captchaToken());
    const res = await a.c.submit(formType, parts);
    expect(res.statusCode, res.body).toBe(200);
    return { a, parts, res, body: res.json<{ referenceCodeForm: string; receiptQueued: boolean; receiptAddress?: string }>() };
  }

  it('sends one receipt per submission, as the confirmation page reads, without the PIN; a retried submit queues no second one', async () => {
    now = OPEN_NOW;
    const before = sink.received.length;
    const { a, parts, body } = await fileClaim('Automotive', MARIA);
    expect(body).toMatchObject({ submitted: true, receiptQueued: true, receiptAddress: 'ma•••@example.com' });
    expect(await counts()).toEqual({ queued: 1, sent: 0, failed: 0 });

    expect(await send()).toBe(1);
    const [mail] = (await sink.receivedCount(before + 1)).slice(before);
    expect(mail!.envelopeTo).toEqual(['maria.garcia@example.com']);
    expect(mail!.headers.get('from')).toBe('Claims <claims@settlement.example>');
    expect(mail!.headers.get('content-language')).toBe('en');
    expect(mail!.subject).toBe(`Example Motors CVT Transmission Settlement: receipt of your submission ${body.referenceCodeForm}`);
    expect(mail!.messageId).toMatch(/^<outbox-\d+\.[0-9a-z]+@settlement\.example>$/);
    const text = mail!.text;
    expect(text).toContain(`Your claim has been submitted. Your reference code is ${body.referenceCodeForm}. Please keep it for your records.`);
    expect(text).toContain(`Reference code: ${body.referenceCodeForm}`);
    // 12:00 UTC is 4:00 AM in the settlement's zone (Pacific).
    expect(text).toContain('Submitted on Wednesday, November 25, 2026 at 4:00 AM PST');
    expect(text).toContain('What happens next');
    expect(text).toContain('The Settlement Administrator will review your claim.');
    expect(text).toContain('Your answers');
    expect(text).toMatch(/First name: María/);
    expect(text).toContain('Name of the repair facility: Bay Motors');
    expect(text).toContain('Amount you paid: $1250.5');
    // The status page, where the claimant later sees what became of the claim, in the claim's language.
    expect(text).toMatch(/Check the status of your claim, with your reference code and the details you signed in with: https?:\/\/[^/\s]+\/status\?culture=en\n/);
    expect(mail!.html).toMatch(/<a href="https?:\/\/[^/"]+\/status\?culture=en">/);
    expect(text).toContain('Description of the repair: Replaced CVT valve body.\n       Two days in the shop.');
    // The repair page skips the denials: their group is not listed.
    expect(text).not.toContain('Repair denials');
    expect(mail!.html).toContain('Garc&#237;a-O&#39;Neil'.replace('&#237;', 'í'));
    expect(mail!.html).toContain(`<strong style="font-size:1.2em">${body.referenceCodeForm}</strong>`);
    // Nothing secret, nothing of the screening.
    expect(mail!.raw).not.toContain(MARIA.pin);
    expect(mail!.raw).not.toMatch(/disposition|flagged|risk|score/i);

    // The same submission again: the same code, the same receipt, nothing more queued or sent.
    const retry = await a.c.submit('Automotive', { ...parts, text: { ...parts.text, reCaptchaResponse: await a.c.captchaToken() } });
    expect(retry.json()).toMatchObject({ referenceCodeForm: body.referenceCodeForm, receiptQueued: true, receiptAddress: 'ma•••@example.com' });
    expect(await send()).toBe(0);
    expect(await counts()).toEqual({ queued: 0, sent: 1, failed: 0 });
    expect(sink.received.length).toBe(before + 1);
  });

  it("queues the receipt's data with the answers the submission's row holds, in the same JSON text", async () => {
    now = OPEN_NOW + 30_000;
    const { body } = await fileClaim();
    const { db } = server.app.database;
    const submission = await db.selectFrom('submissions').select(['id', 'payload', 'reference_code']).where('reference_code', '=', body.referenceCodeForm).executeTakeFirstOrThrow();
    const row = await db.selectFrom('outbox').select(['kind', 'culture', 'render_data']).where('submission_id', '=', submission.id).executeTakeFirstOrThrow();
    expect(row.render_data).toContain(`"answers":${submission.payload}`);
    const data = JSON.parse(row.render_data ?? 'null') as { answers: unknown; referenceCode: string; formType: string; statusLink: string };
    expect(data).toMatchObject({ formType: 'Automotive', referenceCode: submission.reference_code, statusLink: expect.stringMatching(/\/status\?culture=en$/) });
    expect(data.answers).toEqual(JSON.parse(submission.payload));
    expect(server.app.mail.renderAtSend({ kind: row.kind, culture: row.culture, renderData: row.render_data }).text).toContain(`Your reference code is ${body.referenceCodeForm}.`);
    expect(await send()).toBe(1);
  });

  it('writes the receipt in the language of the claim (an exclusion filed in Spanish)', async () => {
    now = OPEN_NOW + MINUTE;
    const before = sink.received.length;
    const { body } = await fileClaim('Exclusion');
    expect(body.receiptQueued).toBe(true);
    expect(await send()).toBe(1);
    const [mail] = (await sink.receivedCount(before + 1)).slice(before);
    expect(mail!.headers.get('content-language')).toBe('es');
    expect(mail!.subject).toBe(`Acuerdo sobre la transmisión CVT de Example Motors: comprobante de su envío ${body.referenceCodeForm}`);
    expect(mail!.text).toContain('Qué sucede ahora');
    expect(mail!.text).toContain('Sus respuestas');
    expect(mail!.text).toMatch(/miércoles, 25 de noviembre de 2026/);
    expect(mail!.text).toMatch(/Consulte el estado de su reclamo con su código de referencia y los datos con los que inició sesión: https?:\/\/[^/\s]+\/status\?culture=es\n/);
  });

  it('queues nothing for a refused submit: neither one refused before its transaction nor one its transaction rolls back', async () => {
    now = OPEN_NOW + 2 * MINUTE;
    const before = await counts();
    const { res } = await server.submitChanged((p) => ({ ...p, text: { ...p.text, signature: '{}' } }));
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    // The sample settlement takes one claim per Notice ID: the second, signed in before the first
    // was filed, is refused inside its transaction.
    const james = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155' };
    const second = await server.authorized('Automotive', james);
    await fileClaim('Automotive', james);
    const refused = await second.c.submit('Automotive', second.parts(await second.c.captchaToken()));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await counts()).toEqual({ ...before, queued: before.queued + 1 });
    expect(await send()).toBe(1);
  });

  it('retries with a growing delay while the mail server refuses, then sends once; gives up after the last attempt, and the admin CLI lists it and queues it again', async () => {
    now = OPEN_NOW + 10 * MINUTE;
    const before = sink.received.length;
    sink.refusing = true;
    const { body } = await fileClaim();
    const outbox = server.app.mail.outbox;

    expect(await send()).toBe(0);
    expect(sink.refused).toBe(1);
    expect(await counts()).toMatchObject({ queued: 1 });
    // Not due before one minute, then two after the second failure.
    now += MINUTE - 1;
    expect(await send()).toBe(0);
    expect(sink.refused).toBe(1);
    now += 1;
    expect(await send()).toBe(0);
    expect(sink.refused).toBe(2);
    sink.refusing = false;
    now += 2 * MINUTE - 1;
    expect(await send()).toBe(0);
    expect(sink.received.length).toBe(before);
    now += 1;
    expect(await send()).toBe(1);
    const [mail] = (await sink.receivedCount(before + 1)).slice(before);
    expect(mail!.subject).toContain(body.referenceCodeForm);
    expect(await send()).toBe(0);

    // Three refusals in all: left failed for the administrator.
    sink.refusing = true;
    const failing = await fileClaim();
    await send();
    now += MINUTE;
    await send();
    now += 2 * MINUTE;
    await send();
    now += 60 * MINUTE;
    expect(await send()).toBe(0);
    expect(sink.refused).toBe(5);
    const failed = await outbox.failed();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ kind: 'receipt', referenceCode: failing.body.referenceCodeForm, recipientDomain: 'example.com', attempts: 3 });
    expect(failed[0]!.lastError).toMatch(/451/);

    const out = { stdout: '', stderr: '' };
    const io = { env: server.db.env, cwd: process.cwd(), stdout: (s: string) => void (out.stdout += s), stderr: (s: string) => void (out.stderr += s) };
    expect(await runCli(['outbox'], io)).toBe(0);
    expect(out.stdout).toMatch(/E-mail: 0 queued, \d+ sent, 1 failed\./);
    expect(out.stdout).toContain(`receipt ${failing.body.referenceCodeForm} to …@example.com`);
    expect(out.stdout).toContain('3 attempt(s), last error: ');
    // No address or answer of the claimant beyond the domain.
    expect(out.stdout).not.toContain('maria.garcia');
    expect(await runCli(['outbox', '--retry'], io)).toBe(0);
    expect(out.stdout).toContain('Queued 1 failed e-mail(s) again');

    sink.refusing = false;
    const sentBefore = sink.received.length;
    expect(await send()).toBe(1);
    expect((await sink.receivedCount(sentBefore + 1))[sentBefore]!.subject).toContain(failing.body.referenceCodeForm);
    expect(await counts()).toMatchObject({ queued: 0, failed: 0 });
  });

  it('runs on the timers it is given: at start, every pollMs after a run, and at once when woken', async () => {
    now = OPEN_NOW + 100 * MINUTE;
    const before = sink.received.length;
    const pending: Array<{ run: () => void; ms: number }> = [];
    const timers: Timers = {
      setTimeout(run, ms) {
        const timer = { run, ms };
        pending.push(timer);
        return timer;
      },
      clearTimeout(timer) {
        const at = pending.indexOf(timer as (typeof pending)[number]);
        if (at !== -1) pending.splice(at, 1);
      },
    };
    const fire = async () => {
      pending.shift()!.run();
      await sender.idle();
    };
    const sender = createSender({ outbox: createOutbox(await server.db.open(), { clock: () => now, policy: RETRY }), mailer: smtpMailer(sink.url), from: 'claims@settlement.example', renderAtSend: server.app.mail.renderAtSend, timers, pollMs: 30_000 });
    await fileClaim();
    expect(pending).toEqual([]);
    sender.start();
    expect(pending.map((t) => t.ms)).toEqual([0]);
    await fire();
    expect(sink.received.length).toBe(before + 1);
    expect(pending.map((t) => t.ms)).toEqual([30_000]);

    await fileClaim();
    sender.wake();
    expect(pending.map((t) => t.ms)).toEqual([0]);
    await fire();
    expect(sink.received.length).toBe(before + 2);
    expect(pending.map((t) => t.ms)).toEqual([30_000]);
    await sender.stop();
    expect(pending).toEqual([]);
  });

  it('two senders on one database send each message once', async () => {
    now = OPEN_NOW + 200 * MINUTE;
    const before = sink.received.length;
    for (let i = 0; i < 4; i++) await fileClaim();
    // Two more instances: their own database connections, their own senders.
    const senders = await Promise.all(
      [1, 2].map(async () => createSender({ outbox: createOutbox(await server.db.open(), { clock: () => now, policy: RETRY }), mailer: smtpMailer(sink.url), from: 'claims@settlement.example', renderAtSend: server.app.mail.renderAtSend, batchSize: 1 })),
    );
    const sent = await Promise.all([...senders.map((s) => s.runOnce()), send()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(4);
    const mails = (await sink.receivedCount(before + 4)).slice(before);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(4);
    expect(await Promise.all(senders.map((s) => s.runOnce()))).toEqual([0, 0]);
    expect(sink.received.length).toBe(before + 4);
  });

  it('a sender that stops after taking a message leaves it until its lease ends; the next one sends it under the same Message-ID', async () => {
    now = OPEN_NOW + 300 * MINUTE;
    const before = sink.received.length;
    const from = '"Claims" <claims@settlement.example>';
    const outbox = createOutbox(await server.db.open(), { clock: () => now, policy: RETRY });

    // It stopped before sending: nobody sends it while the lease holds, then one sender does.
    await fileClaim();
    const [held] = await outbox.lease('stopped-instance', 10);
    expect(held).toBeDefined();
    expect(await send()).toBe(0);
    now += RETRY.leaseMs;
    expect(await send()).toBe(1);
    const [once] = (await sink.receivedCount(before + 1)).slice(before);
    expect(once!.messageId).toBe(messageIdOf(held!, from));

    // It stopped after the mail server accepted, before marking: sent again, recognisably the same message.
    await fileClaim();
    const [accepted] = await outbox.lease('stopped-instance', 10);
    const mailer = smtpMailer(sink.url);
    // Rendered as a sender renders a receipt just before sending it.
    const content = server.app.mail.renderAtSend(accepted!);
    await mailer.deliver({ from, to: accepted!.to, subject: content.subject, text: content.text, html: content.html, culture: accepted!.culture, messageId: messageIdOf(accepted!, from) });
    mailer.close();
    expect(await send()).toBe(0);
    now += RETRY.leaseMs;
    expect(await send()).toBe(1);
    const [first, again] = (await sink.receivedCount(before + 3)).slice(before + 1);
    expect(again!.messageId).toBe(first!.messageId);
    expect(again!.subject).toBe(first!.subject);
    // Its late mark is refused: the message belongs to the sender that sent it last.
    expect(await outbox.markSent(accepted!.id, 'stopped-instance')).toBe(false);
    expect(await counts()).toMatchObject({ queued: 0 });
    expect(DEFAULT_RETRY_POLICY.leaseMs).toBeGreaterThan(60_000);
  });

  /** Timers the test fires itself: what is pending, and for how long. */
  function testTimers() {
    const pending: Array<{ run: () => void; ms: number }> = [];
    const timers: Timers = {
      setTimeout(run, ms) {
        const timer = { run, ms };
        pending.push(timer);
        return timer;
      },
      clearTimeout(timer) {
        const at = pending.indexOf(timer as (typeof pending)[number]);
        if (at !== -1) pending.splice(at, 1);
      },
    };
    return { pending, timers };
  }

  it('a message leased by an instance that died is sent by the next instance once the lease ends: its run is set for the end of the lease, not the next poll', async () => {
    now = OPEN_NOW + 400 * MINUTE;
    const before = sink.received.length;
    const from = '"Claims" <claims@settlement.example>';
    await fileClaim();
    // The instance that took it was killed before sending: its lease stands.
    const [held] = await createOutbox(await server.db.open(), { clock: () => now, policy: RETRY }).lease('killed-instance', 10);
    expect(held).toBeDefined();
    now += MINUTE;

    // The next instance starts: nothing it may take yet, and a run set for when the lease ends.
    const { pending, timers } = testTimers();
    const next = createSender({ outbox: createOutbox(await server.db.open(), { clock: () => now, policy: RETRY }), mailer: smtpMailer(sink.url), from, renderAtSend: server.app.mail.renderAtSend, timers, pollMs: 30 * MINUTE });
    const fire = async () => {
      pending.shift()!.run();
      await next.idle();
    };
    next.start();
    await fire();
    expect(sink.received.length).toBe(before);
    expect(pending.map((t) => t.ms)).toEqual([RETRY.leaseMs - MINUTE]);

    now += RETRY.leaseMs - MINUTE;
    await fire();
    const [mail] = (await sink.receivedCount(before + 1)).slice(before);
    expect(mail!.messageId).toBe(messageIdOf(held!, from));
    expect(await counts()).toMatchObject({ queued: 0 });
    // Nothing queued: the next look is the poll.
    expect(pending.map((t) => t.ms)).toEqual([30 * MINUTE]);
    await next.stop();
  });

  it('a failed delivery is tried again when its delay ends, not at the next poll', async () => {
    now = OPEN_NOW + 500 * MINUTE;
    const before = sink.received.length;
    await fileClaim();
    const { pending, timers } = testTimers();
    const sender = createSender({ outbox: createOutbox(await server.db.open(), { clock: () => now, policy: RETRY }), mailer: smtpMailer(sink.url), from: 'claims@settlement.example', renderAtSend: server.app.mail.renderAtSend, timers, pollMs: 30 * MINUTE });
    sink.refusing = true;
    try {
      sender.start();
      pending.shift()!.run();
      await sender.idle();
    } finally {
      sink.refusing = false;
    }
    expect(pending.map((t) => t.ms)).toEqual([RETRY.baseDelayMs]);
    now += RETRY.baseDelayMs;
    pending.shift()!.run();
    await sender.idle();
    expect((await sink.receivedCount(before + 1)).length).toBe(before + 1);
    await sender.stop();
  });

  it('a sender stopped during a run ends it after the deliveries under way: the rest stays queued for the next instance, not leased', async () => {
    now = OPEN_NOW + 600 * MINUTE;
    for (let i = 0; i < 3; i++) await fileClaim();
    const smtp = smtpMailer(sink.url);
    let sender: ReturnType<typeof createSender> | null = null;
    let stopped: Promise<void> | null = null;
    // The server is told to stop while its first message is being delivered.
    const stopping: Mailer = {
      description: smtp.description,
      async deliver(mail) {
        stopped ??= sender!.stop();
        await smtp.deliver(mail);
      },
      close: () => smtp.close(),
    };
    sender = createSender({ outbox: createOutbox(await server.db.open(), { clock: () => now, policy: RETRY }), mailer: stopping, from: 'claims@settlement.example', renderAtSend: server.app.mail.renderAtSend, batchSize: 1, concurrency: 1 });
    expect(await sender.runOnce()).toBe(1);
    await stopped;
    smtp.close();
    expect(await counts()).toMatchObject({ queued: 2 });
    // Not held by the stopped sender: the next instance takes them at once.
    expect(await send()).toBe(2);
  });

  it('a claim saved to finish later sends its resume code and link by e-mail (in the claimant\'s language), none of its answers; without an address, none', async () => {
    now = OPEN_NOW;
    const later = async (culture: string, email: string | null) => {
      const a = await server.authorized('Automotive');
      // Without an address the contact page itself is the one left unfinished.
      const models = [
        model('Automotive', 'Credentials', { ...a.credentials }),
        model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo, emailAddress: email }),
        ...(email ? [model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails, ownershipType: null })] : []),
      ];
      const pageId = email ? 'eligibility' : 'claimant-info';
      const res = await server.http({ method: 'POST', url: `/api/forms/automotive/draft/later?culture=${culture}`, headers: { ...a.c.headers(), 'accept-language': culture }, payload: { pageId, models } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ code: string; link: string; emailKnown: boolean; expiresAt: string }>();
    };
    const before = sink.received.length;
    const saved = await later('es', 'maria.garcia@example.com');
    expect(saved.emailKnown).toBe(true);
    expect(await send()).toBe(1);
    const [mail] = (await sink.receivedCount(before + 1)).slice(before);
    expect(mail!.envelopeTo).toEqual(['maria.garcia@example.com']);
    expect(mail!.subject).toMatch(/: su código para terminar más tarde$/);
    expect(mail!.text).toContain(saved.code);
    expect(mail!.text).toContain(saved.link);
    // The page the link opens is in the e-mail's language.
    expect(saved.link).toMatch(new RegExp(`/resume/${saved.code}\\?culture=es$`));
    expect(mail!.html).toContain(`href="${saved.link}"`);
    // Signing in again is told with the form's own credentials, in Spanish.
    expect(mail!.text).toContain('después inicie sesión con los mismos datos que hoy: Número de identificación del vehículo (VIN), ID del aviso y PIN.');
    // Nothing the claimant answered: the code opens the claim only with the same details.
    expect(mail!.text).not.toContain('Harbor Blvd');
    expect(mail!.text).not.toContain(MARIA_ANSWERS.ClaimantInfo.lastName as string);

    const none = await later('en', null);
    expect(none.emailKnown).toBe(false);
    expect(await send()).toBe(0);
    expect(sink.received.length).toBe(before + 1);
  });

  it("empties what a sent or given-up message said after the settlement's mail.retentionDays (30 by default), keeps its delivery facts so that it is still queued once; the admin CLI reports it and --purge does it now", async () => {
    const DAY = 24 * 60 * MINUTE;
    const { db } = server.app.database;
    const rowOf = (id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const lastId = async () => Number((await db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
    const out = { stdout: '' };
    const cli = (...argv: string[]) => {
      out.stdout = '';
      return runCli(argv, { env: server.db.env, cwd: process.cwd(), clock: () => now, stdout: (s) => void (out.stdout += s), stderr: () => {} });
    };

    now = OPEN_NOW + 1000 * MINUTE;
    await fileClaim();
    expect(await send()).toBe(1);
    const sentRow = await rowOf(await lastId());
    expect(sentRow).toMatchObject({ status: 'sent', purged_at: null });
    expect(sentRow.recipient).toContain('@');
    const sentAt = Number(sentRow.sent_at);

    // Refused three times: given up.
    sink.refusing = true;
    try {
      await fileClaim();
      await send();
      now += MINUTE;
      await send();
      now += 2 * MINUTE;
      await send();
    } finally {
      sink.refusing = false;
    }
    const failedRow = await rowOf(await lastId());
    expect(failedRow).toMatchObject({ status: 'failed', attempts: 3 });
    const failedAt = Number(failedRow.failed_at);
    expect(failedAt).toBe(now);

    // A moment before the retention ends: both kept whole (only older messages are emptied).
    now = sentAt + 30 * DAY - 1;
    const counts = await server.app.mail.outbox.counts();
    expect(await server.app.mail.purgeExpired()).toBe(counts.sent - 1);
    expect(await rowOf(sentRow.id)).toEqual(sentRow);
    expect((await rowOf(failedRow.id)).text_body).toBe(failedRow.text_body);

    // 30 days after it was sent: due; the report says so, and --purge empties it.
    now = sentAt + 30 * DAY;
    expect(await cli('outbox')).toBe(0);
    expect(out.stdout).toContain(`Content (body, subject, address) of sent and failed e-mail, kept 30 day(s): ${counts.sent - 1} emptied, 1 due to be emptied (npm run admin -- outbox --purge empties them now), 1 kept.`);
    expect(out.stdout).toContain('Failed (npm run admin -- outbox --retry queues them again):');
    expect(await cli('outbox', '--purge')).toBe(0);
    expect(out.stdout).toBe(`Emptied the content of 1 e-mail(s) sent or failed more than 30 day(s) ago.\n`);

    const emptied = await rowOf(sentRow.id);
    expect(emptied).toEqual({ ...sentRow, recipient: '', subject: '', text_body: '', html_body: '', render_data: null, purged_at: emptied.purged_at });
    expect(Number(emptied.purged_at)).toBe(now);
    // The same Message-ID as when it was sent, and its key still keeps the event from being queued again.
    expect(messageIdOf({ id: Number(emptied.id), createdAt: Number(emptied.created_at) }, 'x@settlement.example')).toBe(messageIdOf({ id: sentRow.id, createdAt: Number(sentRow.created_at) }, 'x@settlement.example'));
    const again = await db.transaction().execute((trx) =>
      server.app.mail.outbox.enqueue(trx, { kind: 'receipt', to: 'maria.garcia@example.com', culture: 'en', subject: 's', text: 't', html: 'h', dedupeKey: sentRow.dedupe_key, submissionId: sentRow.submission_id }),
    );
    expect(again).toBeNull();
    // A retried submit answers that its receipt was queued, without an address to show.
    expect(await server.app.mail.receiptRecipient(Number(sentRow.submission_id))).toBe('');
    expect((await rowOf(failedRow.id)).recipient).toBe(failedRow.recipient);

    // 30 days after it was given up, the server's housekeeping empties the failed one: it cannot be sent again.
    now = failedAt + 30 * DAY;
    expect(await server.app.mail.purgeExpired()).toBe(1);
    const emptiedFailed = await rowOf(failedRow.id);
    expect(emptiedFailed).toEqual({ ...failedRow, recipient: '', subject: '', text_body: '', html_body: '', render_data: null, last_error: null, purged_at: emptiedFailed.purged_at });
    expect(Number(emptiedFailed.purged_at)).toBe(now);
    expect(await cli('outbox')).toBe(0);
    expect(out.stdout).toContain(`${counts.sent + 1} emptied, 0 due to be emptied, 0 kept.`);
    expect(out.stdout).toContain('1 failed e-mail(s) emptied after 30 day(s) cannot be sent again.');
    expect(out.stdout).not.toContain('--retry queues them again');
    expect(await cli('outbox', '--retry')).toBe(0);
    expect(out.stdout).toContain('Queued 0 failed e-mail(s) again');
    expect(await send()).toBe(0);

    // Nothing the claimants wrote or where it went is left in the outbox.
    const rows = await db.selectFrom('outbox').select(['recipient', 'subject', 'text_body', 'html_body', 'last_error']).execute();
    expect(rows.every((r) => r.recipient === '' && r.subject === '' && r.text_body === '' && r.html_body === '' && r.last_error === null)).toBe(true);
    expect(await server.app.mail.purgeExpired()).toBe(0);
  });
});

describe('where e-mail goes', () => {
  it('SMTP_URL when set; else, outside production, one .eml file per message in DATA_DIR/mail; in production without it, nowhere (kept queued)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-mail-'));
    try {
      expect(mailerFor({ smtpUrl: 'smtp://127.0.0.1:2525', environment: 'production', dataDir })?.description).toBe('smtp://127.0.0.1:2525');
      expect(mailerFor({ smtpUrl: null, environment: 'production', dataDir })).toBeNull();
      const folder = mailerFor({ smtpUrl: null, environment: 'development', dataDir })!;
      expect(folder.description).toBe(path.join(dataDir, 'mail'));
      const messageId = messageIdOf({ id: 7, createdAt: OPEN_NOW }, 'claims@settlement.example');
      await folder.deliver({ from: 'claims@settlement.example', to: 'maria.garcia@example.com', subject: 'Recibo AUT-2345', text: 'Código', html: '<p>Código</p>', culture: 'es', messageId });
      const files = readdirSync(path.join(dataDir, 'mail'));
      expect(files).toEqual([`${messageId.slice(1, -1)}.eml`]);
      const mail = parseMail(readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8'));
      expect(mail).toMatchObject({ messageId, subject: 'Recibo AUT-2345', text: 'Código' });
      expect(mail.headers.get('to')).toBe('maria.garcia@example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the receipt's address", () => {
  const answers = (fields: Record<string, unknown>) => ({ claimantInfo: { clientId: 'i', metadata: { formType: 'Automotive', dtoMapping: 'claimantInfo' }, fields } });

  it("is the flow's first e-mail field the claimant answered; none without one", () => {
    const flow = shippedFlow('automotive');
    expect(receiptAddress(flow, answers({ emailAddress: ' maria.garcia@example.com ' }))).toBe('maria.garcia@example.com');
    expect(receiptAddress(flow, answers({ emailAddress: null }))).toBeNull();
    expect(receiptAddress(flow, answers({ emailAddress: 'not an address' }))).toBeNull();
    // A settlement whose contact page asks for no e-mail: no receipt.
    const withoutEmail: FlowFile = structuredClone(flow);
    for (const page of withoutEmail.pages) for (const block of page.blocks) if (block.block === 'model') block.fields = block.fields.filter((f) => f.key !== 'emailAddress');
    expect(receiptAddress(withoutEmail, answers({ emailAddress: 'maria.garcia@example.com' }))).toBeNull();
  });
});
