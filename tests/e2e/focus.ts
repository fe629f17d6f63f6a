/**
 * Keyboard-only browser tests' eyes: what has focus, and whether a sighted keyboard user can see
 * it; Tab (or Shift+Tab) until a given element has focus, every stop on the way checked.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Focused {
  /** A short description of the focused element (for messages). */
  what: string;
  matches: boolean;
  /** An outline or a box shadow is drawn around it (an SVG box: its outline stroke; a frame: its own document's business). */
  ring: boolean;
}

export async function focused(page: Page, selector: string): Promise<Focused> {
  return page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', matches: false, ring: false };
    const style = getComputedStyle(el);
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    // An SVG group drawn as a box shows its focus on the box's stroke.
    const rect = el instanceof SVGElement ? el.querySelector('rect') : null;
    const stroke = rect !== null && parseFloat(getComputedStyle(rect).strokeWidth) >= 3 && !transparent(getComputedStyle(rect).stroke);
    const frame = el.tagName === 'IFRAME';
    const className = typeof el.className === 'string' ? el.className : (el.getAttribute('class') ?? '');
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${className ? `.${className.split(' ').join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    return { what: `${what} [${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} / ${style.boxShadow}]`, matches: el.matches(sel), ring: frame || (el.matches(':focus-visible') && (outline || shadow || stroke)) };
  }, selector);
}

/** Presses Tab (or Shift+Tab) until the selector has focus; every stop on the way shows its focus. */
export async function tabTo(page: Page, selector: string, { back = false, max = 40 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page, selector);
    seen.push(now.what);
    expect(now.ring, `no visible focus on ${now.what}`).toBe(true);
    if (now.matches) return;
  }
  throw new Error(`Tab never reached ${selector}; stops: ${seen.join(' → ')}`);
}
