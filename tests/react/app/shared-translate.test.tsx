import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppStore, initialAppState } from '../../../runtime/app/appState';
import { SETTINGS } from './fixtures';
import { ServicesProvider, useT, type AppServices } from '../../../runtime/app/context';
import type { Translate } from '../../../runtime/widgets/types';

describe('useT', () => {
  it('gives every component of a page the same translator, made once per texts, deadlines and culture', () => {
    const store = createAppStore({ ...initialAppState(SETTINGS), culture: 'en', localizations: { LocKey_A: 'A {0}' } });
    const services = { store } as unknown as AppServices;
    const seen: Translate[] = [];
    function Part() {
      const t = useT();
      seen.push(t);
      return <p>{t('LocKey_A', 1)}</p>;
    }
    const { rerender, getAllByText } = render(
      <ServicesProvider value={services}>
        <Part />
        <Part />
      </ServicesProvider>,
    );
    expect(getAllByText('A 1')).toHaveLength(2);
    rerender(
      <ServicesProvider value={services}>
        <Part />
        <Part />
        <Part />
      </ServicesProvider>,
    );
    // A part mounted later (a new page's) shares it too.
    expect(new Set(seen).size).toBe(1);
    store.set({ culture: 'es', localizations: { LocKey_A: 'Á {0}' } });
    rerender(
      <ServicesProvider value={services}>
        <Part />
      </ServicesProvider>,
    );
    expect(seen[seen.length - 1]?.('LocKey_A', 2)).toBe('Á 2');
  });
});
