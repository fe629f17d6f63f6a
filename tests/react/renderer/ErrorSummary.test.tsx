import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FieldConfig } from '../../../runtime/core/types';
import { Harness, makeT, page } from '../fixtures';

const fields: FieldConfig[] = [
  { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'Own' }] },
  { key: 'note', widget: 'text', label: 'Note' },
];

describe('the error summary on a refused Next', () => {
  it('refuses Next, shows an alert with a heading and a link per error that focuses its field', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields }])} hideActions={false} onAction={onAction} t={makeT({ LocKey_Button_Next: 'Next', LocKey_ErrorSummary_Heading: 'There is a problem' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h2')?.textContent).toBe('There is a problem');
    expect(document.activeElement).toBe(alert);
    const link = screen.getByRole('link', { name: 'Ownership: Value is required' });
    await userEvent.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText('Own'));
    // every field now shows its errors
    expect(document.getElementById('claimDetails-ownershipType-error')?.textContent).toBe('Value is required');
  });

  it('calls the action once the page is valid', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields }])} hideActions={false} onAction={onAction} t={makeT({ LocKey_Button_Next: 'Next' })} />);
    await userEvent.click(screen.getByLabelText('Own'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledWith('next', {});
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
