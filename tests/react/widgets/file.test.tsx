import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileWidget, singleFile } from '../../../runtime/widgets/file';
import { widgetProps } from '../fixtures';

/** The error a change event handler raised (React reports it to window). */
function errorOf(fire: () => void): string {
  let caught: unknown;
  const onError = (e: ErrorEvent) => {
    caught = e.error;
    e.preventDefault();
  };
  window.addEventListener('error', onError);
  try {
    fire();
  } catch (e) {
    caught = e;
  } finally {
    window.removeEventListener('error', onError);
  }
  return caught instanceof Error ? caught.message : String(caught);
}

describe('the file widget', () => {
  it('hands over the one chosen file', async () => {
    const onFile = vi.fn();
    render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document', onFile })} />);
    const file = new File(['x'], 'invoice.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Document'), file);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('shows the stored file name', () => {
    render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document', value: 'invoice.pdf' })} />);
    expect(screen.getByText('invoice.pdf')).toBeTruthy();
  });

  it('accepts images and PDFs, which lets a phone offer its camera beside its files', () => {
    render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document' })} />);
    const input = screen.getByLabelText('Document');
    expect(input.getAttribute('accept')).toBe('image/*,application/pdf');
    expect(input.hasAttribute('capture')).toBe(false);
  });

  it('shows a labelled progress bar while the document uploads, and announces it uploading then uploaded', () => {
    const uploading = { state: 'uploading' as const, sent: 300, total: 1200, id: null, error: null };
    const { rerender } = render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document', value: 'invoice.pdf', upload: uploading })} />);
    const bar = screen.getByLabelText<HTMLProgressElement>('Upload of invoice.pdf');
    expect(bar.tagName).toBe('PROGRESS');
    expect([bar.value, bar.max]).toEqual([300, 1200]);
    expect(screen.getByRole('status').textContent).toBe('Uploading invoice.pdf…');

    rerender(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document', value: 'invoice.pdf', upload: { ...uploading, state: 'stored', sent: 1200, id: 4 } })} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('invoice.pdf is uploaded.');
  });

  it("shows a refused upload as the field's error, in the server's words, and announces it", () => {
    const error = 'The document "invoice.pdf" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.';
    render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document', value: 'invoice.pdf', upload: { state: 'failed', sent: 0, total: 0, id: null, error } })} />);
    const input = screen.getByLabelText('Document');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(error);
    expect(screen.getByRole('status').textContent).toBe(error);
  });

  it('refuses several files, word for word', () => {
    render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document' })} />);
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')];
    expect(errorOf(() => fireEvent.change(screen.getByLabelText('Document'), { target: { files } }))).toBe('Multi file inputs are not supported');
  });

  it('refuses clearing a chosen file, word for word', () => {
    render(<FileWidget {...widgetProps({ componentName: 'file', label: 'Document', value: 'a.pdf' })} />);
    expect(errorOf(() => fireEvent.change(screen.getByLabelText('Document'), { target: { files: [] } }))).toBe(
      'Deleting store models by clearing a file input is not yet supported',
    );
    expect(() => singleFile([], true)).toThrow('Deleting store models by clearing a file input is not yet supported');
    expect(singleFile([], false)).toBeNull();
  });

  it('refuses dependencies, word for word', () => {
    expect(() => render(<FileWidget {...widgetProps({ componentName: 'file', hasDependencies: true })} />)).toThrow(
      'Dependency behavior have not been implemented for the FormFieldFile component.',
    );
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<FileWidget {...widgetProps({ componentName: 'text' })} />)).toThrow(
      'The value for componentName of a file was specified as something other than file, probably in the pageConfig object.',
    );
  });
});
