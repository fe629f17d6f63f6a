import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig } from '../../../runtime/core/types';
import type { GrecaptchaApi } from '../../../runtime/widgets/Captcha';
import { Harness, makeT, page } from '../fixtures';

/** The settings with a script address of their own: each test sees its own script asked for. */
function configAt(script: string): CaptchaConfig {
  return { provider: 'recaptcha', siteKey: 'site-key-1', url: `http://127.0.0.1:1/recaptcha/api.js?for=${script}`, class: 'g-recaptcha' };
}

const t = makeT({ LocKey_Button_Continue: 'Continue', LocKey_Captcha_Failed: 'The security check failed. Try again.' });
const notePage = page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }, { block: 'captcha' }], { action: 'authorize' });

/** A provider speaking reCAPTCHA's browser API: execute answers through the render callback. */
function installProvider() {
  let params: Record<string, unknown> = {};
  const api: GrecaptchaApi & { answer(token: string): void } = {
    render: vi.fn((_el: HTMLElement, p: Record<string, unknown>) => {
      params = p;
      return 7;
    }),
    execute: vi.fn(),
    reset: vi.fn(),
    answer(token: string) {
      (params.callback as (t: string) => void)(token);
    },
  };
  window.grecaptcha = api;
  return { api, params: () => params };
}

/** The provider's script elements the page asked for at this address. */
const scriptsOf = (config: CaptchaConfig) => [...document.head.querySelectorAll('script')].filter((s) => s.getAttribute('src') === config.url);

/** Lets the dynamic imports and promises in flight settle (no timers). */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

afterEach(() => {
  delete window.grecaptcha;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('the captcha block', () => {
  it('renders nothing when captcha is off or there is no site key', () => {
    const { container } = render(<Harness page={page([{ block: 'captcha' }])} captcha={configAt('off')} settings={{ captchaEnabled: false }} />);
    expect(container.querySelector('.cf-captcha')).toBeNull();
  });

  it.each([
    ['the first focus of a field', () => screen.getByLabelText('Note').focus()],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['a press on the page', () => fireEvent.pointerDown(document.body)],
  ])("asks for the provider's script only once the claimant is on the page: %s", async (_name, move) => {
    const config = configAt(`move-${_name}`);
    render(<Harness page={notePage} captcha={config} settings={{ captchaEnabled: true }} t={t} />);
    await settle();
    expect(scriptsOf(config)).toHaveLength(0);
    expect(document.querySelector('.cf-captcha.g-recaptcha')).toBeTruthy();
    move();
    await vi.waitFor(() => expect(scriptsOf(config)).toHaveLength(1));
    const { api, params } = installProvider();
    act(() => void scriptsOf(config)[0]?.dispatchEvent(new Event('load')));
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(params()).toMatchObject({ sitekey: 'site-key-1', size: 'invisible' });
    // Later moves ask for nothing more.
    fireEvent.pointerDown(document.body);
    await settle();
    expect(scriptsOf(config)).toHaveLength(1);
    expect(api.render).toHaveBeenCalledTimes(1);
  });

  it("gets a token on the action's press with no move before it (a screen reader's click): the button is busy while the provider loads, then it resets", async () => {
    const config = configAt('press-first');
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'captcha' }], { action: 'authorize' })} captcha={config} settings={{ captchaEnabled: true }} hideActions={false} onAction={onAction} t={t} />);
    await settle();
    expect(scriptsOf(config)).toHaveLength(0);
    const button = screen.getByRole('button', { name: 'Continue' });
    fireEvent.click(button);
    await vi.waitFor(() => expect(scriptsOf(config)).toHaveLength(1));
    // in progress: the primary button is disabled until the token arrives
    expect(button).toHaveProperty('disabled', true);
    const { api, params } = installProvider();
    act(() => void scriptsOf(config)[0]?.dispatchEvent(new Event('load')));
    await vi.waitFor(() => expect(api.execute).toHaveBeenCalledWith(7));
    expect(params()).toMatchObject({ sitekey: 'site-key-1', size: 'invisible' });
    expect(button).toHaveProperty('disabled', true);
    expect(onAction).not.toHaveBeenCalled();
    act(() => (api as unknown as { answer(t: string): void }).answer('token-abc'));
    await vi.waitFor(() => expect(onAction).toHaveBeenCalledWith('authorize', { captchaToken: 'token-abc' }));
    await vi.waitFor(() => expect(api.reset).toHaveBeenCalledWith(7));
    expect(button).toHaveProperty('disabled', false);
  });

  it("asks the loaded provider for its token in the press itself, before the busy button is drawn", async () => {
    const config = configAt('loaded-first');
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'captcha' }], { action: 'authorize' })} captcha={config} settings={{ captchaEnabled: true }} hideActions={false} onAction={onAction} t={t} />);
    fireEvent.pointerDown(document.body);
    await vi.waitFor(() => expect(scriptsOf(config)).toHaveLength(1));
    const { api } = installProvider();
    act(() => void scriptsOf(config)[0]?.dispatchEvent(new Event('load')));
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    await settle();
    const button = screen.getByRole('button', { name: 'Continue' });
    // What the page showed when the provider was asked: the button as it was before the press.
    let disabledWhenAsked: boolean | null = null;
    vi.mocked(api.execute).mockImplementation(() => {
      disabledWhenAsked = screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled');
    });
    act(() => void button.click());
    expect(api.execute).toHaveBeenCalledWith(7);
    expect(disabledWhenAsked).toBe(false);
    expect(button).toHaveProperty('disabled', true);
    act(() => (api as unknown as { answer(t: string): void }).answer('token-first'));
    await vi.waitFor(() => expect(onAction).toHaveBeenCalledWith('authorize', { captchaToken: 'token-first' }));
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it("tells the claimant when the provider's script does not load, and the next press asks for it again", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = configAt('script-fails');
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'captcha' }], { action: 'authorize' })} captcha={config} settings={{ captchaEnabled: true }} hideActions={false} onAction={onAction} t={t} />);
    const button = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(button);
    await vi.waitFor(() => expect(scriptsOf(config)).toHaveLength(1));
    act(() => void scriptsOf(config)[0]?.dispatchEvent(new Event('error')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The security check failed. Try again.');
    // The summary takes the focus in its effect, after the commit that shows it.
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'));
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(onAction).not.toHaveBeenCalled();
    for (const script of scriptsOf(config)) script.remove();
    await userEvent.click(button);
    await vi.waitFor(() => expect(scriptsOf(config)).toHaveLength(1));
    const { api } = installProvider();
    act(() => void scriptsOf(config)[0]?.dispatchEvent(new Event('load')));
    await vi.waitFor(() => expect(api.execute).toHaveBeenCalledWith(7));
    act(() => (api as unknown as { answer(t: string): void }).answer('token-2'));
    await vi.waitFor(() => expect(onAction).toHaveBeenCalledWith('authorize', { captchaToken: 'token-2' }));
    warn.mockRestore();
  });

  it('keeps its handle while the page is typed in: a keystroke does not detach it and attach it again', async () => {
    const { api } = installProvider();
    const captchaRef = vi.fn();
    render(<Harness page={notePage} captcha={configAt('typing')} settings={{ captchaEnabled: true }} captchaRef={captchaRef} />);
    expect(captchaRef).toHaveBeenCalledTimes(1);
    const handle: unknown = captchaRef.mock.calls[0]![0];
    expect(handle).toMatchObject({ execute: expect.any(Function), reset: expect.any(Function) });
    await userEvent.type(screen.getByLabelText('Note'), 'abc');
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('abc');
    // The outer ref was given the handle once, and never null (a detach) since.
    expect(captchaRef.mock.calls).toEqual([[handle]]);
    expect(api.render).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.cf-captcha')).toHaveLength(1);
  });
});
