import { render, waitFor, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Harness, makeT, page } from '../fixtures';

describe('the header block', () => {
  it('renders its element with the localized text', () => {
    render(<Harness page={page([{ block: 'header', element: 'h2', textKey: 'K' }])} t={makeT({ K: 'Your vehicle' })} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your vehicle' })).toBeTruthy();
  });

  it('needs an element tag, word for word', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Harness page={page([{ block: 'header', textKey: 'K' } as never])} />)).toThrow('A header block needs an element tag');
  });
});

describe('the copy block', () => {
  it('renders paragraphs of sanitised inline HTML without p, li, ul or ol', async () => {
    const t = makeT({ A: 'Read the <a href="https://example.com/faq">FAQ</a><script>alert(1)</script>', B: '<ul><li>one</li></ul><p>two</p><strong>three</strong>' });
    const { container } = render(<Harness page={page([{ block: 'copy', paragraphs: ['A', 'B'] }])} t={t} />);
    const paragraphs = container.querySelectorAll('.cf-copy__paragraph');
    expect(paragraphs).toHaveLength(2);
    // More than the simple inline tags: sanitised once the sanitiser has loaded, nothing of it shown before.
    expect(paragraphs[0]?.innerHTML).toBe('');
    await waitFor(() => expect(paragraphs[0]?.innerHTML).toBe('Read the <a href="https://example.com/faq">FAQ</a>'));
    await waitFor(() => expect(paragraphs[1]?.innerHTML).toBe('onetwo<strong>three</strong>'));
  });

  it('draws the simple inline tags as elements at once, with their text escaped', () => {
    const t = makeT({ A: 'Enter your <strong>VIN</strong> to begin &amp; <a href="mailto:info@example.com" target="_blank">write to us</a>.<br/>Tom &lt;3 &#38; co' });
    const { container } = render(<Harness page={page([{ block: 'copy', paragraphs: ['A'] }])} t={t} />);
    expect(container.querySelector('.cf-copy__paragraph')?.innerHTML).toBe(
      'Enter your <strong>VIN</strong> to begin &amp; <a href="mailto:info@example.com" target="_blank" rel="noopener noreferrer">write to us</a>.<br>Tom &lt;3 &amp; co',
    );
  });
});

describe('the feedback block', () => {
  it('is a status message in its variant', () => {
    render(<Harness page={page([{ block: 'feedback', variant: 'warning', textKey: 'W' }])} t={makeT({ W: 'Check your answers' })} />);
    const status = screen.getByRole('status');
    expect(status.className).toContain('cf-feedback--warning');
    expect(status.textContent).toBe('Check your answers');
  });
});

describe('the lookup result block', () => {
  const block = { block: 'lookupResult' as const, successKey: 'S', warningKey: 'W' };
  const t = makeT({ S: 'Your vehicle is a class vehicle.', W: 'Your vehicle is not a class vehicle.' });
  it('says nothing before the lookup, success or warning after it', () => {
    const { rerender } = render(<Harness page={page([block])} t={t} />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<Harness page={page([block])} t={t} lookupResult={{ authorized: true }} />);
    expect(screen.getByRole('status').className).toContain('cf-feedback--success');
    rerender(<Harness page={page([block])} t={t} lookupResult={{ authorized: false }} />);
    expect(screen.getByRole('status').textContent).toBe('Your vehicle is not a class vehicle.');
  });
});

describe('the confirmation block', () => {
  it('shows the reference code and a Print button', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(
      <Harness
        page={page([{ block: 'confirmation', textKey: 'C' }])}
        referenceCode="AUT-7K3Q9"
        t={makeT({ C: 'Thank you. Your reference code is {0}.', LocKey_Button_Print: 'Print' })}
      />,
    );
    expect(screen.getByText('Thank you. Your reference code is AUT-7K3Q9.')).toBeTruthy();
    expect(screen.getByText('AUT-7K3Q9').tagName).toBe('STRONG');
    screen.getByRole('button', { name: 'Print' }).click();
    expect(print).toHaveBeenCalled();
    // Nothing was submitted in this render: no submission time.
    expect(document.querySelector('.cf-confirmation__submitted-at')).toBeNull();
    // The status page, in the claimant's language.
    expect(screen.getByRole('link', { name: 'LocKey_Confirmation_StatusLink' }).getAttribute('href')).toMatch(/^\/status\?culture=\w+$/);
  });

  it('says where the e-mail receipt goes when the server is sending one, and nothing when it is not', () => {
    const t = makeT({ C: 'Code {0}', LocKey_Confirmation_ReceiptSent: 'We are sending a receipt of this submission by e-mail to {0}.' });
    const { rerender } = render(<Harness page={page([{ block: 'confirmation', textKey: 'C' }])} referenceCode="AUT-7K3Q9" t={t} />);
    expect(document.querySelector('.cf-confirmation__receipt')).toBeNull();
    rerender(<Harness page={page([{ block: 'confirmation', textKey: 'C' }])} referenceCode="AUT-7K3Q9" receiptAddress="ma•••@example.com" t={t} />);
    expect(document.querySelector('.cf-confirmation__receipt')?.textContent).toBe('We are sending a receipt of this submission by e-mail to ma•••@example.com.');
  });

  it('shows when the submission was accepted, in the claimant\'s language and the settlement\'s zone', () => {
    const at = Date.parse('2026-11-25T20:15:00Z');
    const { unmount } = render(
      <Harness page={page([{ block: 'confirmation', textKey: 'C' }])} referenceCode="AUT-7K3Q9" submittedAt={at} t={makeT({ C: 'Code {0}', LocKey_Confirmation_SubmittedAt: 'Submitted on {0}' })} />,
    );
    expect(document.querySelector('.cf-confirmation__submitted-at')?.textContent).toBe('Submitted on Wednesday, November 25, 2026 at 12:15 PM PST');
    unmount();
    render(
      <Harness
        page={page([{ block: 'confirmation', textKey: 'C' }])}
        referenceCode="AUT-7K3Q9"
        submittedAt={at}
        culture="es"
        deadlines={{ globalDeadline: { local: '2027-06-30T23:59:59', zone: 'America/New_York', redirectUrls: {} } }}
        t={makeT({ C: 'Código {0}', LocKey_Confirmation_SubmittedAt: 'Enviado el {0}' })}
      />,
    );
    expect(document.querySelector('.cf-confirmation__submitted-at')?.textContent).toMatch(/^Enviado el miércoles, 25 de noviembre de 2026, 3:15\sp\.\s?m\. EST$/);
  });
});
