/**
 * The settlement (validated at start-up), its deadlines as instants, the locales and the clock,
 * as decorators: `app.settlement`, `app.deadlineInstants`, `app.locales`, `app.clock`.
 */
import fp from 'fastify-plugin';
import { offeredCulture } from '../../../runtime/core/i18n/culture.js';
import type { DeadlineKey } from '../../../runtime/core/types.js';
import { deadlineInstants } from '../../settlement/deadlines.js';
import type { Settlement } from '../../settlement/load.js';

export interface Locales {
  /** The cultures offered: site.json `languages`, else every culture with a locale file. */
  cultures: readonly string[];
  /** The culture of a request that names none, or one not offered: en when offered, else the first offered. */
  defaultCulture: string;
  /** The localized text of a key, or undefined. */
  text(key: string, culture: string): string | undefined;
  /** Every key/value of a culture. */
  entries(culture: string): Array<{ key: string; value: string }>;
  /** An offered culture for a requested one: exact, then its language ('es-MX' → 'es'), else the default culture. */
  resolve(culture: string | null | undefined): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    settlement: Settlement;
    deadlineInstants: Partial<Record<DeadlineKey, Date>>;
    locales: Locales;
    /** Epoch ms; injected by tests. */
    clock: () => number;
    environment: 'development' | 'production' | 'test';
  }
}

/** Values of the settlement that its texts may name, by culture: `{maxFileSize}` and `{maxTotalSize}` of documents. */
export type SettlementTextValues = (culture: string) => Record<string, string>;

/** The document limits of `uploads` as the claimant reads them ('10 MB', '1,5 MB'). */
export function uploadLimitTexts(uploads: Pick<Settlement['settings']['uploads'], 'maxFileBytes' | 'maxTotalBytes'>): SettlementTextValues {
  return (culture) => {
    const size = (bytes: number) => `${new Intl.NumberFormat(culture, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
    return { maxFileSize: size(uploads.maxFileBytes), maxTotalSize: size(uploads.maxTotalBytes) };
  };
}

/**
 * The settlement's locales (culture → key → text, as the settlement reader made them: a folder
 * extending another has its texts merged); a `{name}` that `values` answers for the culture is replaced by its
 * value in every text (the settlement's limits stated where they are configured, settings.json).
 * `offered` (site.json `languages`) narrows the cultures served to those listed; a culture not
 * offered is treated as unknown (spec §2: the default culture, en).
 */
export function loadLocales(texts: Readonly<Record<string, Readonly<Record<string, string>>>>, values: SettlementTextValues = () => ({}), offered?: readonly string[]): Locales {
  const byCulture = new Map<string, Map<string, string>>();
  for (const culture of Object.keys(texts).sort()) {
    const data = texts[culture] ?? {};
    const named = values(culture);
    const fill = (text: string) => text.replace(/\{([A-Za-z]+)\}/g, (token, name: string) => (Object.hasOwn(named, name) ? (named[name] ?? token) : token));
    const map = new Map<string, string>();
    for (const [key, value] of Object.entries(data)) if (key !== '$schema' && typeof value === 'string') map.set(key, fill(value));
    byCulture.set(culture, map);
  }
  const cultures = offered ? offered.filter((c) => byCulture.has(c)) : [...byCulture.keys()];
  const defaultCulture = offeredCulture('en', cultures) ?? cultures[0] ?? 'en';
  const resolve = (culture: string | null | undefined): string => (culture ? offeredCulture(culture, cultures) : undefined) ?? defaultCulture;
  return {
    cultures,
    defaultCulture,
    resolve,
    text: (key, culture) => byCulture.get(resolve(culture))?.get(key) ?? byCulture.get(defaultCulture)?.get(key) ?? byCulture.get('en')?.get(key),
    entries: (culture) => [...(byCulture.get(resolve(culture)) ?? new Map<string, string>())].map(([key, value]) => ({ key, value })),
  };
}

/** The locales of a settlement: its texts with its limits filled in, narrowed to the cultures its site.json offers. */
export function settlementLocales(settlement: Pick<Settlement, 'locales' | 'settings' | 'site'>): Locales {
  return loadLocales(settlement.locales, uploadLimitTexts(settlement.settings.uploads), settlement.site?.languages?.map((l) => l.culture));
}

export interface SettlementPluginOptions {
  settlement: Settlement;
  localesDir: string;
  clock: () => number;
  environment: 'development' | 'production' | 'test';
}

export default fp<SettlementPluginOptions>(
  async (app, opts) => {
    app.decorate('settlement', opts.settlement);
    app.decorate('deadlineInstants', deadlineInstants(opts.settlement.deadlines));
    app.decorate('locales', settlementLocales(opts.settlement));
    app.decorate('clock', opts.clock);
    app.decorate('environment', opts.environment);
  },
  { name: 'app-settlement' },
);
