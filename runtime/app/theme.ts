import type { ThemeName } from './settings';

/**
 * Loads exactly one theme's stylesheet. Each branch is its own dynamic import, so the bundler emits
 * one CSS chunk per theme and the browser fetches only the chosen one (spec §7: one stylesheet per theme).
 */
const BASE = import.meta.glob('../../themes/base.css');

export async function loadTheme(theme: ThemeName): Promise<void> {
  // The shared widget stylesheet first, so the theme's custom properties and rules win.
  await Promise.all(Object.values(BASE).map((load) => load()));
  switch (theme) {
    case 'default':
      await import('../../themes/default/theme.css');
      break;
    case 'ftc':
      await import('../../themes/ftc/theme.css');
      break;
    case 'kontent':
      await import('../../themes/kontent/theme.css');
      break;
  }
  document.documentElement.dataset.theme = theme;
}
