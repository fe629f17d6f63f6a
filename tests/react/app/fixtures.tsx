/** The app shell on a fresh state per test: fake API answers, inline flows and wouter's memory location. */
import { loadFormEngine } from '../../../runtime/app/forms/formSessions';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { ApiClient, ApiResult, ClaimStatusAnswer } from '../../../runtime/core/api';
import { resolveSiteChrome } from '../../../runtime/core/site/chrome';
import type { AppSettings, BlockConfig, FieldConfig, FlowFile, PageConfig } from '../../../runtime/core/types';
import { App } from '../../../runtime/app/App';
import { createAppStore, initialAppState, type AppState } from '../../../runtime/app/appState';
import type { AppServices } from '../../../runtime/app/context';
import { createFormSessions } from '../../../runtime/app/forms/formSessions';
import { FormHost, Layout, PLAIN_PAGES, RecordSaves } from '../../../runtime/app/chunks';
import { CORE_GUARDS } from '../../../runtime/app/guards';
import { createHostedFlows } from '../../../runtime/app/routes';

export const SETTINGS: AppSettings = {
  analyticsTagId: null,
  analyticsTagId2: null,
  theme: 'default',
  client: { minSessionDuration: 30 },
  captchaEnabled: false,
  redirectOnError: true,
  internationalAddresses: false,
  site: resolveSiteChrome(undefined, new Map([['Lookup', '/vinlookup'], ['Exclusion', '/exclusion']])),
};

/** A page of the claim flows below: needs authorization, times the session, Next by default. */
export function inFlow(id: string, path: string, extra: Partial<PageConfig> = {}): PageConfig {
  return { id, path, titleKey: `LocKey_${id}`, requiresAuthorization: true, sessionTimeout: true, blocks: [], action: 'next', ...extra };
}

/** A page open to anyone: no authorization, no session timer, Next by default. */
export function openPage(id: string, path: string, extra: Partial<PageConfig> = {}): PageConfig {
  return { id, path, titleKey: `LocKey_${id}`, requiresAuthorization: false, sessionTimeout: false, blocks: [], action: 'next', ...extra };
}

/** An Automotive claim for the status page's tests: a start page asking `credentials`, then a documents page of `documents`. */
export function claimForStatus(credentials: FieldConfig[], documents: BlockConfig): FlowFile {
  return {
    version: 1,
    formType: 'Automotive',
    deadlineKeys: ['claimFilingDeadline', 'globalDeadline'],
    authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
    submit: { endpoint: '/api/forms/automotive', method: 'POST' },
    models: ['Credentials'],
    pages: [
      inFlow('start', '/automotive', { requiresAuthorization: false, sessionTimeout: false, action: 'authorize', blocks: [{ block: 'model', model: 'Credentials', fields: credentials }] }),
      inFlow('documents', '/automotive/documents', { titleKey: 'LocKey_DocumentsPage', blocks: [documents] }),
    ],
  };
}

/** A filed claim found deficient on 2026-11-25, to cure by 2026-12-31, for the status page's tests: `deficiencies` and what else its answer holds. */
export function deficientStatus(deficiencies: ClaimStatusAnswer['deficiencies'], extra: Partial<ClaimStatusAnswer> = {}): ClaimStatusAnswer {
  return {
    referenceCode: 'AUT-23456789X',
    formType: 'Automotive',
    status: 'deficient',
    labelKey: 'LocKey_Status_Deficient',
    nextKey: 'LocKey_Status_Deficient_Next',
    filedAt: '2026-11-20T18:00:00.000Z',
    changedAt: '2026-11-25T18:00:00.000Z',
    deficiencies,
    cureBy: '2026-12-31',
    cureByAt: '2027-01-01T07:59:59.999Z',
    ...extra,
  };
}

/**
 * An Automotive claim in small: sign in, a page with one text field (claimDetails.note), an empty
 * page, a submit page and the confirmation, for the tests of the claim in progress.
 */
export const SMALL_CLAIM: FlowFile = {
  version: 1,
  formType: 'Automotive',
  deadlineKeys: ['claimFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
  submit: { endpoint: '/api/forms/automotive', method: 'POST' },
  models: ['ClaimDetails'],
  pages: [
    inFlow('start', '/automotive', { requiresAuthorization: false, sessionTimeout: false, action: 'authorize' }),
    inFlow('one', '/automotive/one', { blocks: [{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }] }),
    inFlow('two', '/automotive/two'),
    inFlow('three', '/automotive/three', { action: 'submit' }),
    inFlow('done', '/automotive/done', { action: 'none' }),
  ],
};

export function ok<T>(data: T): ApiResult<T> {
  return { ok: true, data, status: 200 };
}

export function failed(status: number | null = 500): ApiResult<never> {
  return { ok: false, error: 'Your request failed. Please reload and try again.', errorKey: 'LocKey_Error_RequestFailed', status };
}

/** An API client whose every call answers at once with something usable; `over` replaces calls. */
export function fakeApi(over: Partial<ApiClient> = {}): ApiClient {
  let csrf: ReturnType<ApiClient['csrfToken']> = null;
  const api: ApiClient = {
    getCsrf: vi.fn(async () => {
      csrf = { requestHeaderName: 'X-CSRF', requestToken: 'token-1' };
      return ok(csrf);
    }),
    csrfToken: () => csrf,
    setCsrfToken: (token) => {
      csrf = token;
    },
    sessionTimeout: vi.fn(async () => ok(null)),
    getDeadlines: vi.fn(async () => ok({ timeZone: 'Pacific', deadlines: {} })),
    getCharactersWhitelist: vi.fn(async () => ok(null)),
    getCaptcha: vi.fn(async () => ok({ provider: 'recaptcha' as const, siteKey: 'site', url: 'https://captcha.invalid/api.js', class: 'g-recaptcha' })),
    getFormsConfig: vi.fn(async () => ok([])),
    getSignatureDate: vi.fn(async () => ok({ signatureDate: '03/15/2026', display: 'March 15, 2026' })),
    getCultureContent: vi.fn(async () => ok([{ key: 'LocKey_ErrorPage_Title', value: 'Something went wrong' }])),
    authorize: vi.fn(async () => ok({ authorized: true, error: null, captcha: null, prepopulatedData: null })),
    submit: vi.fn(async () => ok({ submitted: true, error: null, referenceCodeForm: 'REF-1' })),
    raw: vi.fn(async () => new Response(null, { status: 204 })),
    keepAlive: vi.fn(async () => ok({ sessionExpiresAt: '2026-03-15T12:30:00.000Z' })),
    sessionExpiresAt: () => null,
    saveDraft: vi.fn(async () => ok({ savedAt: '2026-03-15T12:00:00.000Z', expiresAt: '2026-04-14T12:00:00.000Z', sessionExpiresAt: '2026-03-15T12:30:00.000Z' })),
    // A fresh browser: the session is not authorized for any form.
    loadDraft: vi.fn(async () => ({ ok: false as const, error: 'Your session has expired.', errorKey: null, status: 401 })),
    saveForLater: vi.fn(async () =>
      ok({ code: 'K7QX-2M9P-R4TD', link: 'http://127.0.0.1/resume/K7QX-2M9P-R4TD', emailKnown: false, emailAddress: null, savedAt: '2026-03-15T12:00:00.000Z', expiresAt: '2026-04-14T12:00:00.000Z' }),
    ),
    checkResumeCode: vi.fn(async () => ok({ formType: 'Automotive' as const, expiresAt: '2026-04-14T12:00:00.000Z' })),
    claimStatus: vi.fn(async () => ok({ referenceCode: 'AUT-23456789X', formType: 'Automotive', status: 'received', labelKey: 'LocKey_Status_Received', nextKey: 'LocKey_Status_Received_Next', filedAt: '2026-04-01T12:00:00.000Z', changedAt: null, deficiencies: [], cureBy: null, cureByAt: null })),
    claimCure: vi.fn(async () => ok({ referenceCode: 'AUT-23456789X', status: 'cureReceived', receivedAt: '2026-04-02T12:00:00.000Z' })),
    addCureDocument: vi.fn(async () => ok({ id: 1, deficiency: 'missingProofOfPurchase', name: 'receipt.pdf', size: 1024, type: 'application/pdf' })),
    removeCureDocument: vi.fn(async () => ok(null)),
    saveCureProgress: vi.fn(async () => ok({ savedAt: '2026-04-02T12:00:00.000Z', signatureName: null, documents: [] })),
    addDocument: vi.fn(async (_formType, file) => ({ ok: true as const, data: { id: 1, clientId: file.clientId, name: file.name, size: file.size, type: file.type }, status: 201 })),
    removeDocument: vi.fn(async () => ok(null)),
    ...over,
  };
  return api;
}

/** Fresh app services, as startup creates them: nothing is shared between tests. */
export function testServices({ flows = [], api = fakeApi(), state = {} }: { flows?: FlowFile[]; api?: ApiClient; state?: Partial<AppState> } = {}): AppServices {
  const hosted = createHostedFlows(flows);
  const store = createAppStore({ ...initialAppState(SETTINGS), ...state });
  return { store, api, flows: hosted, sessions: createFormSessions(hosted) };
}

/** Renders the app at an address; `location.history` lists every address it went to. */
export function renderApp(path: string, services: AppServices, options: { now?: Date; leaveApp?: (url: string) => void } = {}) {
  const location = memoryLocation({ path, record: true });
  const leaveApp = options.leaveApp ?? vi.fn();
  const now = options.now ?? new Date('2026-03-15T18:00:00Z');
  const view = render(<App services={services} guards={CORE_GUARDS} now={() => now} location={location} leaveApp={leaveApp} />);
  return { ...view, location, leaveApp };
}

/** The shell's lazy chunks, loaded before a test renders (as main.tsx does before the mount). */
export async function preloadShell(): Promise<void> {
  await Promise.all([Layout.preload(), FormHost.preload(), RecordSaves.preload(), loadFormEngine(), ...Object.values(PLAIN_PAGES).map((page) => page.preload())]);
}
