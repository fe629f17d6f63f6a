/**
 * The running forms have one owner per app: sessions made by one app's services are not another's,
 * the chosen files live in their session (the submit reads them there) and their readers hear of
 * each change, and a session expired or finished starts over on the form's first page.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFormEngine } from '../../../runtime/app/forms/formSessions';
import type { DocumentFile } from '../../../runtime/core/types';
import { automotiveFlow } from '../../machine/fixtures';
import { CONFIGS } from '../fixtures';
import { fakeApi, testServices } from './fixtures';

const deps = () => ({ api: fakeApi(), modelConfigs: CONFIGS, minSessionDuration: 30, culture: () => 'en' });
const FILE: DocumentFile = { clientId: 'clm0000001abcdefgh', name: 'receipt.pdf', size: 3, type: 'application/pdf', data: new Blob(['pdf']) };

describe('form sessions', () => {
  // The form machine's code is loaded on demand in the app; here it is in from the start.
  beforeAll(() => loadFormEngine());

  it('belong to the services that made them', () => {
    const one = testServices({ flows: [automotiveFlow] });
    const other = testServices({ flows: [automotiveFlow] });
    const session = one.sessions.formSession('Automotive', 'start', deps());
    expect(one.sessions.formSession('Automotive', 'claimant-info', deps())).toBe(session);
    expect(one.sessions.existingSession('Automotive')).toBe(session);
    expect(other.sessions.existingSession('Automotive')).toBeUndefined();
    one.sessions.endSession('Automotive');
    expect(one.sessions.existingSession('Automotive')).toBeUndefined();
  });

  it('keep the chosen files in one place and tell their readers of each change', () => {
    const services = testServices({ flows: [automotiveFlow] });
    const session = services.sessions.formSession('Automotive', 'start', deps());
    const listener = vi.fn();
    const stop = session.subscribeDocuments(listener);
    session.setDocuments([FILE]);
    expect(session.documents).toEqual([FILE]);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    session.setDocuments([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('start over, files dropped, after the session expired', () => {
    const [start, ...rest] = automotiveFlow.pages;
    const timedStart = { ...automotiveFlow, pages: [{ ...start!, sessionTimeout: true }, ...rest] };
    const services = testServices({ flows: [timedStart] });
    const session = services.sessions.formSession('Automotive', 'start', deps());
    session.setDocuments([FILE]);
    session.returnTo = 'claim-summary';
    session.actor.send({ type: 'SESSION_TIMEOUT' });
    expect(session.actor.getSnapshot().matches('sessionExpired')).toBe(true);
    expect(services.sessions.formSession('Automotive', 'start', deps())).toBe(session);
    expect(session.actor.getSnapshot().matches('sessionExpired')).toBe(false);
    expect(session.documents).toEqual([]);
    expect(session.returnTo).toBeNull();
  });

  it('a page of a form type with no loaded flow: FormType used for page was not found', () => {
    const services = testServices({ flows: [] });
    expect(() => services.sessions.formSession('Automotive', 'start', deps())).toThrow('FormType used for page was not found');
  });
});
