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
    // The message names its field, so the line needs no label before it.
    const link = screen.getByRole('link', { name: 'Choose ownership' });
    await userEvent.click(link);
    expect(document.activeElement).toBe(screen.getByLabelText('Own'));
    // every field now shows its errors
    expect(document.getElementById('claimDetails-ownershipType-error')?.textContent).toBe('Choose ownership');
  });

  it('puts a question label before its message without a stray colon, and a flow message alone', async () => {
    const asked: FieldConfig[] = [
      { key: 'ownershipType', widget: 'radio', label: 'Do you own or lease the vehicle?', options: [{ value: 'own', label: 'Own' }] },
      { key: 'isCurrentOwner', widget: 'radio', label: 'Still yours?', options: [{ value: 'true', label: 'Yes' }], messages: { required: 'M_Current' } },
    ];
    const t = makeT({ LocKey_Button_Next: 'Next', M_Current: 'Choose whether you still own or lease the vehicle' });
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: asked }])} hideActions={false} t={t} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const lines = [...screen.getByRole('alert').querySelectorAll('a')].map((a) => a.textContent);
    expect(lines).toEqual(['Do you own or lease the vehicle? Choose an answer', 'Choose whether you still own or lease the vehicle']);
    expect(lines.join('\n')).not.toContain('?:');
    expect(document.getElementById('claimDetails-isCurrentOwner-error')?.textContent).toBe('Choose whether you still own or lease the vehicle');
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
