import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorAlertModal } from '../../../runtime/widgets/ErrorAlertModal';
import { makeT } from '../fixtures';

describe('the error alert', () => {
  it('shows the header and message while showError is set, and OK clears it', async () => {
    const onClose = vi.fn();
    render(<ErrorAlertModal showError header="Something went wrong" message="Your request failed. Please reload and try again." t={makeT()} onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Something went wrong' }).textContent).toContain('Your request failed. Please reload and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});
