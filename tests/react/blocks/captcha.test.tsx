import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig } from '../../../runtime/core/types';
import type { GrecaptchaApi } from '../../../runtime/widgets/Captcha';
import { Harness, makeT, page } from '../fixtures';

const config: CaptchaConfig = { provider: 'recaptcha', siteKey: 'site-key-1', url: 'http://127.0.0.1:1/recaptcha/api.js', class: 'g-recaptcha' };

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

afterEach(() => {
  delete window.grecaptcha;
});

describe('the captcha block', () => {
  it('renders nothing when captcha is off or there is no site key', () => {
    const { container } = render(<Harness page={page([{ block: 'captcha' }])} captcha={config} settings={{ captchaEnabled: false }} />);
    expect(container.querySelector('.cf-captcha')).toBeNull();
  });

  it('renders the invisible widget with the site key and gets a token before the action, then resets', async () => {
    const { api, params } = installProvider();
    const onAction = vi.fn();
    render(
      <Harness
        page={page([{ block: 'captcha' }], { action: 'authorize' })}
        captcha={config}
        settings={{ captchaEnabled: true }}
        hideActions={false}
        onAction={onAction}
        t={makeT({ LocKey_Button_Continue: 'Continue' })}
      />,
    );
    await vi.waitFor(() => expect(api.render).toHaveBeenCalled());
    expect(params()).toMatchObject({ sitekey: 'site-key-1', size: 'invisible' });
    expect(document.querySelector('.cf-captcha.g-recaptcha')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(api.execute).toHaveBeenCalledWith(7));
    // in progress: the primary button is disabled until the token arrives
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    act(() => (api as unknown as { answer(t: string): void }).answer('token-abc'));
    await vi.waitFor(() => expect(onAction).toHaveBeenCalledWith('authorize', { captchaToken: 'token-abc' }));
    await vi.waitFor(() => expect(api.reset).toHaveBeenCalledWith(7));
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
  });

  it('keeps its handle while the page is typed in: a keystroke does not detach it and attach it again', async () => {
    const { api } = installProvider();
    const captchaRef = vi.fn();
    render(
      <Harness
        page={page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }, { block: 'captcha' }])}
        captcha={config}
        settings={{ captchaEnabled: true }}
        captchaRef={captchaRef}
      />,
    );
    await vi.waitFor(() => expect(api.render).toHaveBeenCalledTimes(1));
    expect(captchaRef).toHaveBeenCalledTimes(1);
    const handle: unknown = captchaRef.mock.calls[0]![0];
    expect(handle).toMatchObject({ execute: expect.any(Function), reset: expect.any(Function) });
    await userEvent.type(screen.getByLabelText('Note'), 'abc');
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('abc');
    // The outer ref was given the handle once, and never null (a detach) since.
    expect(captchaRef.mock.calls).toEqual([[handle]]);
    expect(api.render).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.cf-captcha')).toHaveLength(1);
  });
});
