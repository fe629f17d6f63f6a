/**
 * Startup (spec §4): set up the app, load settings, register components, initialise deadlines,
 * fetch the anti-forgery token, load the culture's content, initialise captcha, then mount; a
 * failure is only logged (spec §8's startup log lines). Runs on the test document with fake calls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTIAL_ANSWERS, type ApiClient } from '../../../runtime/core/api';
import { DevError, STARTUP_LOGS } from '../../../runtime/core/errors';
import type { FlowFile } from '../../../runtime/core/types';
import type { AppServices } from '../../../runtime/app/context';
import { startApp, type StartupDeps } from '../../../runtime/app/startup';
import { automotiveFlow } from '../../machine/fixtures';
import { fakeApi } from './fixtures';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

function pageWithSettings(settings: object) {
  document.body.innerHTML = `<script id="app-settings" type="application/json">${JSON.stringify(settings)}</script><div id="root"></div>`;
}

function deps(api: ApiClient, steps: string[], over: Partial<StartupDeps> = {}) {
  const log = { error: vi.fn(), warn: vi.fn() };
  const mounted: AppServices[] = [];
  const startup: StartupDeps = {
    doc: document,
    createApi: () => {
      steps.push('createApi');
      return api;
    },
    loadTheme: async (theme) => {
      steps.push(`loadTheme:${theme}`);
    },
    registerComponents: () => steps.push('registerComponents'),
    loadFlows: async (): Promise<FlowFile[]> => {
      steps.push('loadFlows');
      return [automotiveFlow];
    },
    mount: (services) => {
      steps.push('mount');
      mounted.push(services);
    },
    log,
    ...over,
  };
  return { startup, log, mounted };
}

/** An API whose startup calls record themselves and answer when the test says so. */
function orderedApi(steps: string[]) {
  const deadlines = deferred<void>();
  const csrf = deferred<void>();
  const content = deferred<void>();
  const captcha = deferred<void>();
  const api = fakeApi();
  const record = <T,>(name: string, gate: Promise<void>, call: () => Promise<T>) =>
    vi.fn(async () => {
      steps.push(name);
      await gate;
      steps.push(`${name} applied`);
      return call();
    });
  const base = { ...api };
  Object.assign(api, {
    getDeadlines: record('deadlines', deadlines.promise, () => base.getDeadlines()),
    getCsrf: record('csrf', csrf.promise, () => base.getCsrf()),
    getCultureContent: record('content', content.promise, () => base.getCultureContent('en')),
    getCaptcha: record('captcha', captcha.promise, () => base.getCaptcha()),
  });
  return { api, deadlines, csrf, content, captcha };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/error');
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startup order', () => {
  it('sets up, loads the settings and registers the components before any call, and mounts after deadlines, token, content and captcha', async () => {
    pageWithSettings({ theme: 'ftc' });
    const steps: string[] = [];
    const calls = orderedApi(steps);
    const { startup, mounted, log } = deps(calls.api, steps);
    const started = startApp(startup);

    await settle();
    expect(steps.slice(0, 4)).toEqual(['loadTheme:ftc', 'createApi', 'registerComponents', 'loadFlows']);
    // Deadlines, token and captcha are asked together; the content waits for the deadlines and the token.
    expect(steps).toEqual(expect.arrayContaining(['deadlines', 'csrf', 'captcha']));
    expect(steps).not.toContain('content');

    // Answers arriving in the reverse order are still applied in the spec's order.
    calls.captcha.resolve();
    calls.csrf.resolve();
    await settle();
    expect(steps).not.toContain('content');
    calls.deadlines.resolve();
    await settle();
    expect(steps).toContain('content');
    expect(steps).not.toContain('mount');
    calls.content.resolve();
    const services = await started;

    expect(steps.at(-1)).toBe('mount');
    expect(mounted).toEqual([services]);
    const state = services!.store.get();
    expect(state.csrf).toEqual({ requestHeaderName: 'X-CSRF', requestToken: 'token-1' });
    expect(state.contentLoaded).toBe(true);
    expect(state.captcha?.siteKey).toBe('site');
    expect(services!.flows.flow('Automotive')).toBe(automotiveFlow);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('only logs a token that cannot be fetched, and still mounts', async () => {
    pageWithSettings({});
    const steps: string[] = [];
    const api = fakeApi({ getCsrf: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const { startup, log, mounted } = deps(api, steps);
    const services = await startApp(startup);
    expect(log.error).toHaveBeenCalledWith(STARTUP_LOGS.antiforgery, expect.any(Error));
    expect(mounted).toHaveLength(1);
    expect(services!.store.get().csrf).toBeNull();
  });

  it('warns when the anti-forgery token was already initialised, and keeps it', async () => {
    pageWithSettings({});
    const steps: string[] = [];
    const api = fakeApi();
    api.setCsrfToken({ requestHeaderName: 'X-CSRF', requestToken: 'embedded' });
    const { startup, log } = deps(api, steps);
    const services = await startApp(startup);
    expect(log.warn).toHaveBeenCalledWith('Antiforgery token was already initialized');
    expect(api.getCsrf).not.toHaveBeenCalled();
    expect(services!.store.get().csrf).toEqual({ requestHeaderName: 'X-CSRF', requestToken: 'embedded' });
  });

  it('logs a failure of the app initialization and does not mount, without throwing', async () => {
    pageWithSettings({});
    const steps: string[] = [];
    const { startup, log, mounted } = deps(fakeApi(), steps, {
      registerComponents: () => {
        throw new Error('widget registry broken');
      },
    });
    await expect(startApp(startup)).resolves.toBeNull();
    expect(log.error).toHaveBeenCalledWith(STARTUP_LOGS.init, expect.objectContaining({ message: 'widget registry broken' }));
    expect(mounted).toHaveLength(0);
  });

  it('stops on an unknown theme: unexpected value for appsettings.theme', async () => {
    pageWithSettings({ theme: 'neon' });
    const steps: string[] = [];
    const { startup, log, mounted } = deps(fakeApi(), steps);
    await expect(startApp(startup)).resolves.toBeNull();
    const [line, error] = log.error.mock.calls[0] as [string, DevError];
    expect(line).toBe(STARTUP_LOGS.init);
    expect(error).toBeInstanceOf(DevError);
    expect(error.code).toBe('UNKNOWN_THEME');
    expect(error.message).toBe('unexpected value for appsettings.theme: neon');
    expect(steps).toEqual([]);
    expect(mounted).toHaveLength(0);
  });

  it("starts on a start page's part of the texts and puts the culture's whole content in place of it in idle time after the mount", async () => {
    window.history.replaceState(null, '', '/automotive');
    const contentKey = '/api/culture/content?culture=en';
    document.body.innerHTML =
      `<script id="app-settings" type="application/json">{}</script><div id="root"></div>` +
      `<script id="app-bootstrap" type="application/json">${JSON.stringify({ [contentKey]: [{ key: 'LocKey_A', value: 'a' }], [PARTIAL_ANSWERS]: [contentKey] })}</script>`;
    const steps: string[] = [];
    const part = [{ key: 'LocKey_A', value: 'a' }];
    const whole = [...part, { key: 'LocKey_B', value: 'b' }];
    const getCultureContent = vi.fn().mockResolvedValueOnce({ ok: true, data: part, status: 200 }).mockResolvedValueOnce({ ok: true, data: whole, status: 200 });
    const { startup } = deps(fakeApi({ getCultureContent }), steps);
    const services = await startApp(startup);
    // Mounted on the part: the whole is not asked for before the mount.
    expect(steps.at(-1)).toBe('mount');
    expect(getCultureContent).toHaveBeenCalledTimes(1);
    expect(services!.store.get()).toMatchObject({ contentLoaded: true, contentPartial: true, localizations: { LocKey_A: 'a' } });
    await settle();
    await settle();
    expect(getCultureContent).toHaveBeenCalledTimes(2);
    expect(services!.store.get()).toMatchObject({ contentLoaded: true, contentPartial: false, localizations: { LocKey_A: 'a', LocKey_B: 'b' } });
  });

  it('sends the address to /error when the culture content cannot be loaded', async () => {
    window.history.replaceState(null, '', '/automotive');
    pageWithSettings({});
    const steps: string[] = [];
    const api = fakeApi({ getCultureContent: vi.fn(async () => ({ ok: false as const, error: 'x', errorKey: null, status: 500 })) });
    const { startup } = deps(api, steps);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const services = await startApp(startup);
    expect(window.location.pathname).toBe('/error');
    expect(services!.store.get().contentLoaded).toBe(false);
  });
});
