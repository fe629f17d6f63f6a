import { render } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageFocus } from '../../../runtime/app/usePageFocus';

function Page({ name }: { name: string }) {
  usePageFocus(name);
  return (
    <div id="main-content">
      <h1>{name}</h1>
    </div>
  );
}

describe('usePageFocus', () => {
  let frames: FrameRequestCallback[];
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    scrollTo = vi.fn();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  });
  afterEach(() => vi.restoreAllMocks());

  const runFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));

  it('leaves the first page where it is', () => {
    render(<Page name="one" />);
    runFrame();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });

  it('scrolls to the top and focuses the new heading in the frame after a page change, not while the page commits', () => {
    const { rerender } = render(<Page name="one" />);
    rerender(<Page name="two" />);
    // The scroll lays the page out: done in the frame's callback, once the page's DOM work is over.
    expect(scrollTo).not.toHaveBeenCalled();
    runFrame();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ top: 0 });
    const heading = document.querySelector('h1')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a modal dialog to close before focusing the heading, and scrolls once', () => {
    const { rerender } = render(<Page name="one" />);
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('aria-modal', 'true');
    rerender(<Page name="two" />);
    runFrame();
    runFrame();
    expect(document.activeElement).toBe(document.body);
    dialog.remove();
    runFrame();
    expect(document.activeElement).toBe(document.querySelector('h1'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('still focuses the heading when React runs the page change effect again while it waits (a boundary above hidden and shown)', () => {
    // Frames cancelled for real here: the effect's cleanup stops its wait.
    const queued = new Map<number, FrameRequestCallback>();
    let id = 0;
    vi.mocked(window.requestAnimationFrame).mockImplementation((callback) => {
      queued.set(++id, callback);
      return id;
    });
    vi.mocked(window.cancelAnimationFrame).mockImplementation((handle) => void queued.delete(handle));
    const run = () => {
      const callbacks = [...queued.values()];
      queued.clear();
      callbacks.forEach((callback) => callback(performance.now()));
    };
    const shell = (mode: 'visible' | 'hidden', name: string) => (
      <Activity mode={mode}>
        <Page name={name} />
      </Activity>
    );
    const { rerender } = render(shell('visible', 'one'));
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('aria-modal', 'true');
    rerender(shell('visible', 'two'));
    run();
    // Hidden and shown again: the effect's cleanup, then the effect for the same page.
    rerender(shell('hidden', 'two'));
    rerender(shell('visible', 'two'));
    run();
    expect(document.activeElement).toBe(document.body);
    dialog.remove();
    run();
    expect(document.activeElement).toBe(document.querySelector('h1'));
  });
});
