import { describe, expect, it } from 'vitest';
import { buildPayload, isPayloadFieldPart, MULTIPART_FIELDS, payloadFromParts, payloadToFormData } from '../../../runtime/core/payload';
import { fileClaim } from './fixtures';

function payload() {
  const { store, files } = fileClaim('false');
  return buildPayload({ formType: 'Automotive', store, files, culture: 'en', reCaptchaResponse: 'tok', captchaRawValue: null });
}

describe('the multipart submit parts', () => {
  it('name every top-level payload field', () => {
    expect(MULTIPART_FIELDS).toEqual({
      text: ['reCaptchaResponse', 'userPreferredCulture', 'captchaRawValue'],
      json: ['signature', 'claimantInfo', 'credentials', 'claimDetails', 'prepopulatedData', 'documentContexts', 'claimTransactions'],
    });
    expect(isPayloadFieldPart('claimantInfo')).toBe(true);
    expect(isPayloadFieldPart('clm0000001aaaaaaaa')).toBe(false);
  });

  it('carry each field in its own part, objects and lists as JSON text, null text fields left out', () => {
    const p = payload();
    const form = payloadToFormData(p);
    expect(form.get('reCaptchaResponse')).toBe('tok');
    expect(form.get('userPreferredCulture')).toBe('en');
    expect(form.has('captchaRawValue')).toBe(false);
    expect(JSON.parse(form.get('claimantInfo') as string)).toEqual(p.claimantInfo);
    expect(JSON.parse(form.get('claimTransactions') as string)).toEqual(p.claimTransactions);
    expect(JSON.parse(form.get('prepopulatedData') as string)).toEqual([]);
  });

  it('carry each file under the clientId of its document context, with its file name', async () => {
    const p = payload();
    const form = payloadToFormData(p);
    const part = form.get(p.documents![0]!.clientId) as File;
    expect(part).toBeInstanceOf(Blob);
    expect(part.name).toBe('invoice.pdf');
    expect(await part.text()).toBe('abc');
    const names = [...form.keys()];
    expect(names).toEqual([
      'reCaptchaResponse',
      'userPreferredCulture',
      ...MULTIPART_FIELDS.json,
      ...p.documents!.map((d) => d.clientId),
    ]);
  });

  it('read back into the same payload on the receiving side', () => {
    const p = payload();
    const form = payloadToFormData(p);
    const parts: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') parts[name] = value;
    const back = payloadFromParts(parts, p.documents!);
    expect(back.errors).toEqual([]);
    expect(back.payload).toEqual(p);
  });

  it('report unreadable JSON and unknown parts when read back', () => {
    const back = payloadFromParts({ userPreferredCulture: 'en', claimantInfo: '{oops', extra: 'x' }, []);
    expect(back.payload).toBeNull();
    expect(back.errors).toEqual(['claimantInfo: the part is not valid JSON.', 'extra: unexpected text part.']);
  });

  it('take the JSON parts the caller has parsed already as they are, parsing none of them again', () => {
    const p = payload();
    const form = payloadToFormData(p);
    const parts: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') parts[name] = value;
    const claimantInfo = JSON.parse(parts.claimantInfo ?? '') as unknown;
    // The text is never read again: the value given stands for it.
    const back = payloadFromParts({ ...parts, claimantInfo: '{not parsed again' }, p.documents!, undefined, new Map([['claimantInfo', claimantInfo]]));
    expect(back.errors).toEqual([]);
    expect(back.payload?.claimantInfo).toBe(claimantInfo);
    expect(back.payload).toEqual(p);
  });

  it('refuse a JSON part nested too deeply before parsing it', () => {
    const back = payloadFromParts({ userPreferredCulture: 'en', claimTransactions: `${'['.repeat(100_000)}${']'.repeat(100_000)}` }, []);
    expect(back.errors).toEqual(['claimTransactions: the part is nested too deeply.']);
  });
});
