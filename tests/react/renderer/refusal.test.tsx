import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig, FieldConfig } from '../../../runtime/core/types';
import type { RefusalView } from '../../../runtime/core/view';
import { captchaErrorHandling, type GrecaptchaApi } from '../../../runtime/widgets/captcha-provider';
import { Harness, makeT, page } from '../fixtures';

const note: FieldConfig = { key: 'note', widget: 'text', label: 'Note' };
const fieldsPage = page([{ block: 'model', model: 'ClaimDetails', fields: [note] }], { action: 'authorize' });
const t = makeT({ LocKey_Button_Continue: 'Continue', LocKey_ErrorSummary_Heading: 'There is a problem', LocKey_Captcha_Failed: 'The security check failed. Try again.' });

describe("a server's refusal of the page's action", () => {
  it('shows in the error summary, focused, linked to the field it concerns, and under that field, answers kept', async () => {
    const refusal: RefusalView = {
      summary: [{ fieldId: 'claimDetails-note', clientId: '', field: 'note', message: 'Refused: check the note.', label: 'Note' }],
      fieldErrors: { 'claimDetails-note': 'Refused: check the note.' },
    };
    const { rerender } = render(<Harness page={fieldsPage} t={t} />);
    await userEvent.type(screen.getByLabelText('Note'), 'abc');
    rerender(<Harness page={fieldsPage} t={t} refusal={refusal} />);
    const alert = screen.getByRole('alert');
    expect(document.activeElement).toBe(alert);
    expect(alert.querySelector('h2')?.textContent).toBe('There is a problem');
    // The field shows it without having been visited again.
    expect(document.getElementById('claimDetails-note-error')?.textContent).toBe('Refused: check the note.');
    expect(screen.getByLabelText('Note')).toHaveProperty('value', 'abc');
    await userEvent.click(screen.getByRole('link', { name: 'Note: Refused: check the note.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Note'));
    // The next attempt clears it.
    rerender(<Harness page={fieldsPage} t={t} refusal={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('claimDetails-note-error')).toBeNull();
  });

  it('shows a refusal about no field as plain text in the summary', () => {
    const refusal: RefusalView = { summary: [{ fieldId: '', clientId: '', field: '', message: 'The deadline has passed.' }], fieldErrors: {} };
    render(<Harness page={fieldsPage} t={t} refusal={refusal} />);
    expect(screen.getByRole('alert').textContent).toContain('The deadline has passed.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a refusal that is not the claimant\'s to correct as a focused notice, not under the error heading', async () => {
    const lines = ['This claim has already been filed.', 'To reach the Settlement Administrator: e-mail info@example.test.'];
    const refusal: RefusalView = { summary: [], fieldErrors: {}, notice: { lines } };
    const { rerender } = render(<Harness page={fieldsPage} t={t} />);
    await userEvent.type(screen.getByLabelText('Note'), 'abc');
    rerender(<Harness page={fieldsPage} t={t} refusal={refusal} />);
    const notice = screen.getByRole('status');
    expect(notice.className).toContain('cf-feedback--default');
    expect(Array.from(notice.querySelectorAll('p')).map((p) => p.textContent)).toEqual(lines);
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('There is a problem')).toBeNull();
    expect(screen.getByLabelText('Note')).toHaveProperty('value', 'abc');
    rerender(<Harness page={fieldsPage} t={t} refusal={null} />);
    expect(screen.queryByText(lines[0] ?? '')).toBeNull();
  });
});

const config: CaptchaConfig = { provider: 'recaptcha', siteKey: 'site-key-1', url: 'http://127.0.0.1:1/recaptcha/api.js', class: 'g-recaptcha' };

/** A provider speaking reCAPTCHA's browser API; execute answers with the next outcome queued. */
function installProvider(outcomes: Array<{ token: string } | { error: string }>) {
  let params: Record<string, unknown> = {};
  let nextId = 7;
  const api: GrecaptchaApi = {
    render: vi.fn((_el: HTMLElement, p: Record<string, unknown>) => {
      params = p;
      return nextId++;
    }),
    execute: vi.fn(() => {
      const outcome = outcomes.shift();
      setTimeout(() => {
        if (!outcome) return;
        if ('token' in outcome) (params.callback as (t: string) => void)(outcome.token);
        else (params['error-callback'] as (code: string) => void)(outcome.error);
      });
    }),
    reset: vi.fn(),
  };
  window.grecaptcha = api;
  return api;
}

function captchaPage(onAction = vi.fn()) {
  render(<Harness page={page([{ block: 'captcha' }], { action: 'authorize' })} captcha={config} settings={{ captchaEnabled: true }} hideActions={false} onAction={onAction} t={t} />);
  return onAction;
}

afterEach(() => {
  delete window.grecaptcha;
  vi.restoreAllMocks();
});

describe('a captcha failure in the browser', () => {
  it('tells the claimant, resets the widget and lets them try again', async () => {
    const api = installProvider([{ error: 'internal-error' }, { token: 'token-2' }]);
    const onAction = captchaPage();
    const button = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The security check failed. Try again.');
    // The summary takes the focus in its effect, after the commit that shows it.
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(api.reset).toHaveBeenCalledWith(7);
    expect(onAction).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    await vi.waitFor(() => expect(onAction).toHaveBeenCalledWith('authorize', { captchaToken: 'token-2' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['missing-captcha', 'rerender'],
    ['invalid-captcha-id', 'rerender'],
    ['rate-limited', 'reset'],
    ['invalid-data', 'reset'],
    ['challenge-closed', 'reset'],
    ['challenge-expired', 'reset'],
    ['challenge-error', 'reset'],
    ['internal-error', 'reset'],
    [undefined, 'reset'],
    ['network-error', 'providerRetries'],
    ['script-error', 'warn'],
    ['brand-new-code', 'unknown'],
    ['toString', 'unknown'],
  ])('tells the error code %s apart: %s', (code, handling) => {
    expect(captchaErrorHandling(code)).toBe(handling);
  });

  it('renders the widget again on an invalid id, leaves network errors to the provider, warns on a script error and logs an unknown code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = installProvider([{ error: 'invalid-captcha-id' }, { error: 'network-error' }, { error: 'script-error' }, { error: 'brand-new-code' }]);
    captchaPage();
    const button = screen.getByRole('button', { name: 'Continue' });
    const attempt = async () => {
      await userEvent.click(button);
      await screen.findByRole('alert');
      await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
    };
    await attempt();
    expect(api.render).toHaveBeenCalledTimes(2);
    expect(api.reset).not.toHaveBeenCalled();
    await attempt();
    expect(api.reset).not.toHaveBeenCalled();
    await attempt();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('script-error'));
    expect(api.reset).not.toHaveBeenCalled();
    await attempt();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('brand-new-code'));
    expect(api.reset).toHaveBeenCalledWith(8);
  });
});
