import { createContext, useContext, useMemo } from 'react';
import type { Translate } from '../widgets/types';
import { useAppState, type AppState, type AppStore } from './appState';
import type { AppApi } from './api';
import { createTranslate } from './translate';

/** What every part of the shell reaches: the app store and the API client. */
export interface AppServices {
  store: AppStore;
  api: AppApi;
}

const ServicesContext = createContext<AppServices | null>(null);
export const ServicesProvider = ServicesContext.Provider;

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

export function useApp<T>(select: (s: AppState) => T): T {
  return useAppState(useServices().store, select);
}

/** The translator for the current culture's localizations; a missing key shows the key itself. */
export function useT(): Translate {
  const localizations = useApp((s) => s.localizations);
  const deadlines = useApp((s) => s.deadlines);
  const culture = useApp((s) => s.culture) ?? 'en';
  return useMemo(() => createTranslate(culture, localizations, deadlines), [culture, localizations, deadlines]);
}

export function useCulture(): string {
  return useApp((s) => s.culture) ?? 'en';
}
