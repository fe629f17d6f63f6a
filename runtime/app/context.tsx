import { createContext, useContext } from 'react';
import type { Translate } from '../widgets/types';
import { useAppState, type AppState, type AppStore } from './appState';
import type { AppApi } from './api';
import type { FormSessions } from './forms/formSessions';
import type { HostedFlows } from './routes';
import { sharedTranslate } from './translate';

/**
 * The app shell's state and its one owner: created once at startup (createAppServices) and
 * reached by every part of the shell through this context; tests create a fresh one each.
 */
export interface AppServices {
  /** The app state above any one form (settings, culture, deadlines, tokens, dialogs). */
  store: AppStore;
  api: AppApi;
  /** The settlement's flows, the route table and the endpoints derived from them. */
  flows: HostedFlows;
  /** The running forms (their machines and chosen files). */
  sessions: FormSessions;
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

/**
 * The translator for the current culture's localizations; a missing key shows the key itself. A
 * component is drawn again when its translator changes, not when the texts grow around the same
 * translator (translate.ts, textsExtended).
 */
export function useT(): Translate {
  return useApp((s) => sharedTranslate(s.culture ?? 'en', s.localizations, s.deadlines));
}

export function useCulture(): string {
  return useApp((s) => s.culture) ?? 'en';
}
