/** The API client sends the honeypot's value with a submit when a script filled it, and nothing otherwise. */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../runtime/core/api';
import { HONEYPOT_FIELD, MULTIPART_FIELDS } from '../../../runtime/core/payload';
import type { SubmissionPayload } from '../../../runtime/core/types';

const payload: SubmissionPayload = {
  reCaptchaResponse: 'tok',
  userPreferredCulture: 'en',
  captchaRawValue: null,
  documents: [],
  signature: null,
  claimantInfo: null,
  credentials: { id: null, clientId: 'clm0000001aaaaaaaa', metadata: { formType: 'Automotive', dtoMapping: 'credentials' }, metadataHash: 'h', fields: { vin: '5EXMA1B20HC000101' } },
  claimDetails: null,
  prepopulatedData: [],
  documentContexts: [],
  claimTransactions: [],
};

async function sentParts(honeypot?: () => string): Promise<string[]> {
  let body: FormData | undefined;
  const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    body = init?.body as FormData;
    return new Response(JSON.stringify({ submitted: true, error: null, referenceCodeForm: 'AUT-1' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const api = createApiClient({ fetch: fetchFn, endpoints: { Automotive: { submit: { endpoint: '/api/forms/automotive', method: 'POST' } } } as never, csrf: { requestHeaderName: 'X-CSRF-TOKEN', requestToken: 't' }, ...(honeypot ? { honeypot } : {}) });
  expect((await api.submit('Automotive', payload)).ok).toBe(true);
  return [...body!.keys()];
}

describe('the honeypot on submit', () => {
  it('is not sent when empty or not wired', async () => {
    expect(await sentParts()).not.toContain(HONEYPOT_FIELD);
    expect(await sentParts(() => '')).not.toContain(HONEYPOT_FIELD);
  });

  it('is sent as one more text part when filled', async () => {
    const parts = await sentParts(() => 'http://spam.example');
    expect(parts).toContain(HONEYPOT_FIELD);
    expect((MULTIPART_FIELDS.text as readonly string[]).includes(HONEYPOT_FIELD)).toBe(false);
  });
});
