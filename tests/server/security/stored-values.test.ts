/**
 * Threat: a client sends values the browser never would — a number, a list or an object where
 * an answer is text, properties a model does not have, a culture the settlement does not speak,
 * clientIds of another grammar, a declared document without its file, NUL bytes or broken
 * Unicode anywhere in text — hoping they are stored as sent (corrupting exports, breaking the
 * database driver, or riding along unchecked). Everything stored must have been validated: each
 * such request is a 400 saying what is wrong, on SQLite and PostgreSQL alike, and stores nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../server/errors.js';
import { checkFieldTypes } from '../../../runtime/core/rules/index.js';
import { automotiveParts, Claimant, DIALECTS, encodeMultipart, exclusionParts, FIXTURES, MARIA, model, overHttp, type Parts, serverOver, settlementCopy, testApp } from '../helper.js';

/** A JSON part's model with `change` applied to it (or to its first entry, for a list). */
function withModel(p: Parts, part: string, change: (m: Record<string, any>) => void): Parts { // eslint-disable-line @typescript-eslint/no-explicit-any
  const value = JSON.parse(p.text[part]!);
  change(Array.isArray(value) ? value[0] : value);
  return { ...p, text: { ...p.text, [part]: JSON.stringify(value) } };
}

describe.each(DIALECTS)('stored values over %s', (dialect) => {
  const server = serverOver(dialect, { apiRequestsPerMinute: 100_000 });

  const { authorized, stored } = server;

  /** An authorized claimant's submission changed by `mutate` (or a raw body made from it): refused with `code`, nothing stored. */
  async function refused(mutate: (p: Parts) => Parts, code: string, raw?: (body: Buffer) => Buffer): Promise<string> {
    const a = await authorized();
    const before = await stored();
    const parts = mutate(automotiveParts(a.raw, await a.c.captchaToken(), a.credentials));
    let res;
    if (raw) {
      const { body, contentType } = await encodeMultipart(parts);
      res = await server.http({ method: 'POST', url: '/api/forms/automotive', headers: a.c.headers({ 'content-type': contentType }), payload: raw(body) });
    } else {
      res = await a.c.submit('Automotive', parts);
    }
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ submitted: false, referenceCodeForm: null, code });
    expect(await stored()).toBe(before);
    // The claimant can still send the claim as the browser would.
    return res.json<{ error: string }>().error;
  }

  describe('types before rules', () => {
    it('text fields refuse numbers, lists and objects, naming the model and field', async () => {
      for (const value of [42, ['Ann'], { x: 1 }, true]) {
        const error = await refused((p) => withModel(p, 'claimantInfo', (m) => (m.fields.firstName = value)), 'STRUCTURE_INVALID');
        expect(error).toContain('claimantInfo.firstName');
        expect(error).toContain('must be text or empty');
      }
    });

    it('a checkbox refuses text, a number field refuses a list, a file field refuses an object, a date refuses a number', async () => {
      expect(await refused((p) => withModel(p, 'signature', (m) => (m.fields.attestation = 'yes')), 'STRUCTURE_INVALID')).toContain('signature.attestation');
      expect(await refused((p) => withModel(p, 'claimTransactions', (m) => (m.fields.amountPaid = [1250])), 'STRUCTURE_INVALID')).toContain('claimTransactions.amountPaid');
      expect(await refused((p) => withModel(p, 'documentContexts', (m) => (m.fields.file = { name: 'invoice.pdf' })), 'STRUCTURE_INVALID')).toContain('documentContexts.file');
      expect(await refused((p) => withModel(p, 'claimDetails', (m) => (m.fields.acquisitionDate = 20150315)), 'STRUCTURE_INVALID')).toContain('claimDetails.acquisitionDate');
    });

    it('the check is core code the browser can run too', () => {
      const configs = { firstName: { dataType: 'string' as const, validations: [] }, amountPaid: { dataType: 'number' as const, validations: [] }, agreed: { dataType: 'boolean' as const, validations: [] } };
      expect(checkFieldTypes({ firstName: 'Ann', amountPaid: '1,250.50', agreed: true }, configs)).toEqual({});
      expect(checkFieldTypes({ firstName: null, amountPaid: 1250.5, agreed: null }, configs)).toEqual({});
      expect(Object.keys(checkFieldTypes({ firstName: 42, amountPaid: Infinity, agreed: 'true' }, configs))).toEqual(['firstName', 'amountPaid', 'agreed']);
    });

    it('prepopulatedData, kept with the claim, holds plain values only', async () => {
      const error = await refused((p) => ({ ...p, text: { ...p.text, prepopulatedData: JSON.stringify([{ id: null, clientId: 'prepopulatedData', metadata: { formType: 'Automotive', dtoMapping: 'prepopulatedData' }, metadataHash: '', fields: { firstName: { x: 1 } } }]) } }), 'STRUCTURE_INVALID');
      expect(error).toContain('prepopulatedData.firstName');
    });

    it('authorize checks the credentials\' types before its rules: a number is no notice ID', async () => {
      const c = await server.claimant();
      for (const fields of [{ vin: MARIA.vin, noticeId: 100001, pin: 482913 }, { vin: MARIA.vin, noticeId: true, pin: null }]) {
        const res = await c.authorize('Automotive', fields as never);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ authorized: false, code: 'BAD_REQUEST' });
        expect(res.json().error).toContain('noticeId: must be text or empty');
      }
    });

    it('a model carrying anything beyond its id, clientId, metadata, metadataHash and fields is refused', async () => {
      expect(await refused((p) => withModel(p, 'claimantInfo', (m) => (m.notes = { anything: 'at all' })), 'STRUCTURE_INVALID')).toContain('unexpected property "notes"');
      expect(await refused((p) => withModel(p, 'claimantInfo', (m) => (m.id = { nested: ['x'] })), 'STRUCTURE_INVALID')).toContain('id must be short text or null');
      expect(await refused((p) => withModel(p, 'claimantInfo', (m) => (m.metadata.extra = 'x')), 'STRUCTURE_INVALID')).toContain('metadata must hold');
    });
  });

  describe('culture and clientIds', () => {
    it('only a culture the settlement has locales for is accepted', async () => {
      for (const culture of ['fr', 'english', 'e\u0000n', 'en-US', '<script>']) {
        const error = await refused((p) => ({ ...p, text: { ...p.text, userPreferredCulture: culture } }), culture.includes('\u0000') ? 'STRUCTURE_INVALID' : 'UNKNOWN_CULTURE');
        expect(error.length).toBeGreaterThan(0);
      }
      const a = await authorized('Exclusion');
      const es = await a.c.submit('Exclusion', exclusionParts(a.raw, await a.c.captchaToken(), a.credentials));
      expect(es.json()).toMatchObject({ submitted: true });
      expect((await server.app.stores.submissions.getByReferenceCode(es.json().referenceCodeForm))?.culture).toBe('es');
    });

    it('clientIds must have the grammar of spec §3: a prefix of letters, a 7-digit sequence number, 8 random letters or digits', async () => {
      for (const clientId of ['x', '../../etc/passwd', 'clm0000001ABCDEFGH', 'clm000001abcdefgh', 'clm0000001abcdefgh!', `${'a'.repeat(60)}0000001abcdefgh`, '']) {
        const error = await refused((p) => withModel(p, 'claimDetails', (m) => (m.clientId = clientId)), 'STRUCTURE_INVALID');
        expect(error, clientId).toMatch(/clientId/);
      }
    });
  });

  describe('documents', () => {
    it('a declared document without its file part is refused', async () => {
      const error = await refused((p) => ({ ...p, files: [] }), 'STRUCTURE_INVALID');
      expect(error).toContain('"invoice.pdf" was not received');
    });

    it('a file part for no declared document context is refused', async () => {
      const error = await refused((p) => ({ ...p, files: [...p.files, { ...p.files[0]!, field: 'clm0000099abcdefgh', name: 'other.pdf' }] }), 'STRUCTURE_INVALID');
      expect(error).toContain('no document context has the clientId clm0000099abcdefgh');
    });
  });

  describe('NUL bytes and broken Unicode', () => {
    it('in an answer, a JSON key, a list entry, the captcha fields: 400, nothing stored', async () => {
      await refused((p) => withModel(p, 'claimantInfo', (m) => (m.fields.firstName = 'Ma\u0000ria')), 'STRUCTURE_INVALID');
      await refused((p) => withModel(p, 'claimantInfo', (m) => (m.fields.firstName = 'Mar\ud800ia')), 'STRUCTURE_INVALID');
      await refused((p) => withModel(p, 'claimTransactions', (m) => (m.fields.repairDescription = 'ok\udc00')), 'STRUCTURE_INVALID');
      await refused((p) => withModel(p, 'claimantInfo', (m) => (m.metadataHash = `${m.metadataHash}\u0000`)), 'STRUCTURE_INVALID');
      await refused((p) => ({ ...p, text: { ...p.text, claimDetails: p.text.claimDetails!.replace('"fields":{', '"fields":{"a\\u0000b":null,') } }), 'STRUCTURE_INVALID');
      await refused((p) => ({ ...p, text: { ...p.text, captchaRawValue: `${p.text.captchaRawValue}\u0000` } }), 'STRUCTURE_INVALID');
      // A well-formed pair of surrogates (an emoji) is fine where the whitelist allows it: here it does not, a rule failure, not a storage one.
      const emoji = await refused((p) => withModel(p, 'claimantInfo', (m) => (m.fields.firstName = 'Ana 😀')), 'VALIDATION_FAILED');
      expect(emoji).toContain('Your Contact Information — First name');
    });

    it('in the culture and in a file name: 400 on both databases (PostgreSQL used to answer 500)', async () => {
      const culture = await refused((p) => ({ ...p, text: { ...p.text, userPreferredCulture: 'en\u0000' } }), 'STRUCTURE_INVALID');
      expect(culture).toContain('userPreferredCulture');
      // The file name as the multipart header carries it, with a NUL byte inside (and the context's name to match).
      const error = await refused(
        (p) => withModel(p, 'documentContexts', (m) => (m.fields.name = 'inv\u0000oice.pdf')),
        'STRUCTURE_INVALID',
        (body) => Buffer.from(body.toString('latin1').replace('filename="invoice.pdf"', 'filename="inv\u0000oice.pdf"'), 'latin1'),
      );
      expect(error).toContain(SERVER_ERRORS.STRUCTURE_INVALID.en);
      expect(error).toMatch(/cannot be stored/);
    });

    it('in the credentials of authorize: 400, nothing counted or stored', async () => {
      const c = await server.claimant();
      for (const fields of [
        { vin: `${MARIA.vin}\u0000`, noticeId: MARIA.noticeId, pin: MARIA.pin },
        { vin: MARIA.vin, noticeId: `${MARIA.noticeId}\u0000`, pin: MARIA.pin },
        { vin: MARIA.vin, noticeId: MARIA.noticeId, pin: `${MARIA.pin}\u0000` },
        { vin: MARIA.vin, noticeId: 'EXM-1\ud800', pin: '1' },
      ]) {
        const res = await c.authorize('Automotive', fields);
        expect(res.statusCode, `${JSON.stringify(fields)} → ${res.body}`).toBe(400);
        expect(res.json().authorized).toBe(false);
      }
      // The same claimant authorizes normally afterwards: no wrong-PIN count was left behind.
      expect((await c.authorize('Automotive', { ...MARIA })).json()).toMatchObject({ authorized: true });
    });

    it('in the credentials of a settlement whose rules would let them through: still 400 (the notice ID keys the wrong-PIN counters)', async () => {
      const models = JSON.parse(readFileSync(path.join(FIXTURES, 'models.json'), 'utf8'));
      for (const m of models.models) if (m.metadata.dtoMapping === 'Credentials') for (const name of ['noticeId', 'pin']) if (m.fields[name]) m.fields[name].validations = [];
      const lax = await testApp(await server.db.open(), server.emulator, { settlementDir: settlementCopy({ 'models.json': models }) });
      try {
        const c = await new Claimant(lax, server.emulator, await overHttp(lax)).start();
        for (const fields of [{ vin: MARIA.vin, noticeId: 'EXM-1\u0000', pin: '000000' }, { vin: MARIA.vin, noticeId: MARIA.noticeId, pin: '\ud800' }]) {
          const res = await c.authorize('Automotive', fields);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().error).toContain('cannot be stored');
        }
      } finally {
        await lax.close();
      }
    });
  });

  it('a claim sent as the browser sends it is still accepted', async () => {
    const a = await authorized();
    const res = await a.c.submit('Automotive', automotiveParts(a.raw, await a.c.captchaToken(), a.credentials));
    expect(res.json()).toMatchObject({ submitted: true, referenceCodeForm: expect.stringMatching(/^AUT-/) });
    // A repair amount typed with the currency mask (text) is a number field's value too.
    const b = await authorized();
    const masked = withModel(automotiveParts(b.raw, await b.c.captchaToken(), b.credentials), 'claimTransactions', (m) => (m.fields.amountPaid = '1,250.50'));
    expect((await b.c.submit('Automotive', masked)).json()).toMatchObject({ submitted: true });
    expect(model('Automotive', 'Signature', {}).clientId).toMatch(/^t\d{7}[a-z0-9]{8}$/);
  });
});
