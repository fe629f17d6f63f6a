import type { FormType } from '../../core/types';
import type { AppServices } from '../context';
import { draftDocuments, restoreDocuments } from './documentUploads';

/**
 * The value authorize answers for the submit's captchaRawValue, kept for this tab so that a
 * reload can still submit: a signed value bound to the session, nothing of the claimant's.
 */
const CAPTCHA_KEY = (formType: FormType) => `claims:captcha:${formType}`;

export function keepCaptchaValue(formType: FormType, value: string | null): void {
  try {
    if (value) window.sessionStorage.setItem(CAPTCHA_KEY(formType), value);
    else window.sessionStorage.removeItem(CAPTCHA_KEY(formType));
  } catch {
    // Storage refused (private mode, quota): a reload then signs in again before submitting.
  }
}

function keptCaptchaValue(formType: FormType): string | null {
  try {
    return window.sessionStorage.getItem(CAPTCHA_KEY(formType));
  } catch {
    return null;
  }
}

/**
 * The resume code the claimant entered on /resume, kept for this tab until the form's sign-in
 * with it succeeds: authorize sends it, and the claim saved for later is opened.
 */
const RESUME_CODE_KEY = (formType: FormType) => `claims:resume-code:${formType}`;

export function keepResumeCode(formType: FormType, code: string | null): void {
  try {
    if (code) window.sessionStorage.setItem(RESUME_CODE_KEY(formType), code);
    else window.sessionStorage.removeItem(RESUME_CODE_KEY(formType));
  } catch {
    // Storage refused: the claimant enters the code again on /resume.
  }
}

export function pendingResumeCode(formType: FormType): string | null {
  try {
    return window.sessionStorage.getItem(RESUME_CODE_KEY(formType));
  } catch {
    return null;
  }
}

/**
 * A form page needing authorization was opened with no running form (a reload, a second tab, the
 * browser's history): if the server session is authorized for the form, its claim in progress is
 * restored (GET …/draft: the saved answers and page, and the documents stored with them; 404:
 * none yet; both with what authorize prefilled, shown under the saved answers) and the form runs again,
 * authorized. Resolves to the page the restored form shows, or null when the session is not
 * authorized (401) or the draft cannot be read: the guard then sends the claimant to /session-expired.
 */
export async function resumeClaim(services: AppServices, formType: FormType, addressedPageId: string): Promise<string | null> {
  const { api, store, sessions, flows } = services;
  const loaded = await api.loadDraft(formType);
  if (!loaded.ok) return null;
  let modelConfigs = store.get().modelConfigs;
  if (!modelConfigs) {
    const configs = await api.getFormsConfig();
    if (!configs.ok || !configs.data) return null;
    modelConfigs = configs.data;
    store.set({ modelConfigs });
  }
  const flow = flows.flow(formType);
  const session = sessions.formSession(formType, flow.pages[0]?.id ?? '', {
    api,
    modelConfigs,
    minSessionDuration: store.get().settings.client.minSessionDuration,
    culture: () => store.get().culture ?? 'en',
  });
  const { draft, prepopulatedData, credentials } = loaded.data;
  // The claim is restored by the form machine, whose state is read at once after.
  await session.actor.ready();
  session.actor.send({
    type: 'RESTORE',
    models: draft?.models ?? [],
    pageId: draft?.pageId ?? null,
    unfinished: draft?.pageUnfinished ?? false,
    openRecords: draft?.openRecords ?? [],
    addressed: addressedPageId,
    captcha: keptCaptchaValue(formType),
    prepopulatedData,
    credentials,
  });
  const { context } = session.actor.getSnapshot();
  if (!context.authorized) return null;
  if (draft) restoreDocuments(session, draftDocuments(api, session.formType), draft.documents, context.store.saved);
  // Opening the page is activity: the timer runs on the server's expiry the csrf call answered.
  const expiry = api.sessionExpiresAt();
  if (expiry !== null) session.actor.send({ type: 'SESSION_EXTENDED', expiresAt: Date.parse(expiry) });
  store.set((s) => ({ authorized: { ...s.authorized, [formType]: true } }));
  return context.navigation.currentPage;
}
