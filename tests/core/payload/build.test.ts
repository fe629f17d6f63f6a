import { describe, expect, it } from 'vitest';
import { buildPayload } from '../../../runtime/core/payload';
import { createFormModel, createIdSource } from '../../../runtime/core/models';
import { DevError } from '../../../runtime/core/errors';
import { CONFIGS, FLOW, fileClaim } from './fixtures';

describe('building the submission payload', () => {
  it('requires a culture', () => {
    const { store } = fileClaim('false');
    expect(() => buildPayload({ formType: 'Automotive', store, culture: null })).toThrow(DevError);
    expect(() => buildPayload({ formType: 'Automotive', store, culture: '' })).toThrow('A culture is required to build the submission payload');
  });

  it('puts each single-instance model in its slot and the records in their lists', () => {
    const { store, files, repairDoc, denialDoc } = fileClaim('false');
    const payload = buildPayload({
      formType: 'Automotive',
      store,
      files,
      culture: 'es',
      reCaptchaResponse: 'token-1',
      captchaRawValue: 'raw-1',
    });
    expect(payload.userPreferredCulture).toBe('es');
    expect(payload.reCaptchaResponse).toBe('token-1');
    expect(payload.captchaRawValue).toBe('raw-1');
    expect(payload.claimantInfo?.fields.firstName).toBe('Maria');
    expect(payload.credentials?.metadata.dtoMapping).toBe('credentials');
    expect(payload.signature?.metadata.dtoMapping).toBe('signature');
    expect(payload.claimTransactions).toHaveLength(2);
    expect(payload.documentContexts.map((m) => m.clientId)).toEqual([repairDoc, denialDoc]);
    expect(payload.documents?.map((f) => f.clientId)).toEqual([repairDoc, denialDoc]);
    expect(payload.prepopulatedData).toEqual([]);
  });

  it('leaves out files that belong to no saved document context, and sends null when none remain', () => {
    const { store } = fileClaim('false');
    const stray = { clientId: 'clm0000099aaaaaaaa', name: 'x.pdf', size: 1, type: 'application/pdf', data: new Uint8Array(1) };
    expect(buildPayload({ formType: 'Automotive', store, files: [stray], culture: 'en' }).documents).toBeNull();
  });

  it('refuses a second model of a single kind', () => {
    const { store } = fileClaim('false');
    const extra = createFormModel(CONFIGS[5]!, createIdSource());
    expect(() => buildPayload({ formType: 'Automotive', store: { ...store, saved: [...store.saved, extra] }, culture: 'en' })).toThrow(
      'More than one form model matches the metadata signature',
    );
  });

  it('sends no denial records when the claimant answered "true", and unlinks their documents', () => {
    const { store, files, denial, repair, denialDoc } = fileClaim('true');
    const payload = buildPayload({ formType: 'Automotive', store, files, culture: 'en', skipped: { flow: FLOW } });
    expect(payload.claimTransactions.map((m) => m.clientId)).toEqual([repair]);
    expect(payload.claimTransactions.map((m) => m.clientId)).not.toContain(denial);
    const unlinked = payload.documentContexts.find((m) => m.clientId === denialDoc);
    expect(unlinked?.fields.claimTransactionId).toBeNull();
    expect(payload.documents).toHaveLength(2);
    expect(payload.claimDetails?.fields.denialNotes).toBeNull();
    expect(payload.claimDetails?.fields.didIncurOutOfPocketExpensesPriorToSeptember).toBe('true');
  });

  it('sends the denial records when the claimant answered "false"', () => {
    const { store, files, denial, denialDoc } = fileClaim('false');
    const payload = buildPayload({ formType: 'Automotive', store, files, culture: 'en', skipped: { flow: FLOW } });
    expect(payload.claimTransactions.map((m) => m.clientId)).toContain(denial);
    expect(payload.documentContexts.find((m) => m.clientId === denialDoc)?.fields.claimTransactionId).toBe(denial);
    expect(payload.claimDetails?.fields.denialNotes).toBe('Refused twice');
  });
});

describe('the prepopulated data sent back', () => {
  it('is sent as given models, or as one model built from the authorize record', () => {
    const { store } = fileClaim('false');
    expect(buildPayload({ formType: 'Automotive', store, culture: 'en', prepopulatedData: null }).prepopulatedData).toEqual([]);
    const payload = buildPayload({ formType: 'Automotive', store, culture: 'en', prepopulatedData: { FirstName: 'Maria' } });
    expect(payload.prepopulatedData).toEqual([
      { id: null, clientId: 'prepopulatedData', metadata: { formType: 'Automotive', dtoMapping: 'prepopulatedData' }, metadataHash: '', fields: { firstName: 'Maria' } },
    ]);
  });
});
