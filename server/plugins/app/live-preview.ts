/**
 * Live preview (`npm run dev` only): the settlement's flows/ and locales/ folders — its own, or
 * the repository's defaults it uses — and its site.json, settings.json and logo are watched; on a change the
 * settlement is loaded and checked again (the same checks as at start-up). A valid change replaces
 * the served flows, texts, site chrome and logo in place and tells every open page through
 * Server-Sent Events on GET /api/dev/live-preview (`event: reload`, with the chrome the page
 * draws); the page fetches flows and content again and re-renders, keeping the answers.
 * An invalid change prints each problem (file, line and column, JSON pointer, message), sends
 * `event: invalid`, and the last good version keeps being served.
 *
 * Settings are replaced in place and read where they are used (the theme, the PIN limits, the
 * duplicate policy, the fraud screening…); those the server set up at start (SETTINGS_FIXED_AT_START)
 * are applied too but said to need a restart. Authorize and submit routes are registered at
 * start-up: a change of a flow's endpoints, deadline keys or models, or of models.json, takes a restart.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { isRecord } from '../../../runtime/core/guards.js';
import { siteChrome } from '../../routes/app-shell/index.js';
import { loadSettlement, SettlementError, type Settlement, type SettlementProblem } from '../../settlement/load.js';
import { settlementLocales } from './settlement.js';

export const LIVE_PREVIEW_PATH = '/api/dev/live-preview';

/** The page's settings a settings.json edit changes in the open pages (the others take a restart). */
export function livePageSettings(settings: Settlement['settings']): { theme: Settlement['settings']['theme']; redirectOnError: boolean; internationalAddresses: boolean } {
  return { theme: settings.theme, redirectOnError: settings.redirectOnError, internationalAddresses: settings.internationalAddresses };
}

export type LivePreviewOutcome =
  | { kind: 'reloaded'; version: string }
  | { kind: 'unchanged'; version: string }
  | { kind: 'invalid'; problems: SettlementProblem[]; message: string };

export interface LivePreview {
  /** A digest of the flows and texts served now. */
  version(): string;
  /** Loads and checks the settlement again now (what a file change does after the debounce). */
  reload(): Promise<LivePreviewOutcome>;
  /** Called after every reload attempt (tests, logs). Returns the unsubscribe. */
  onOutcome(listener: (outcome: LivePreviewOutcome) => void): () => void;
  /** The folders watched. */
  readonly watched: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    livePreview: LivePreview;
  }
}

export interface LivePreviewOptions {
  /** Milliseconds of quiet after the last file event before reloading (editors write in steps). Default 150. */
  debounceMs?: number;
  /** Seconds between keep-alive comments on open event streams. Default 20. */
  heartbeatSeconds?: number;
  /** Where problems and notices go; default console. */
  print?: Pick<Console, 'log' | 'error'>;
}

function digest(settlement: Pick<Settlement, 'flows' | 'locales' | 'site' | 'logo' | 'settings'>): string {
  return createHash('sha256')
    .update(JSON.stringify({ flows: settlement.flows.map((f) => f.flow), locales: settlement.locales, site: settlement.site ?? null, logo: settlement.logo?.digest ?? null, settings: settlement.settings }))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * The settings the server fixed at start-up (the captcha's provider, the upload limits of the
 * multipart parser, the security policy's analytics hosts and the page's tag scripts, the session
 * timeout): a change of these takes a restart; every other setting is read when it is used.
 */
const SETTINGS_FIXED_AT_START = ['captchaEnabled', 'uploads', 'analyticsTagId', 'analyticsTagId2', 'client'] as const;

/** Replaces `target`'s values by `source`'s, objects in place, so that whoever holds one of them sees the new values. */
function assignInPlace(target: object, source: object): void {
  for (const [key, value] of Object.entries(source)) {
    const old: unknown = Reflect.get(target, key);
    if (isRecord(old) && isRecord(value)) assignInPlace(old, value);
    else Reflect.set(target, key, value);
  }
}

/** The form calls the running server registered: they change only with a restart. */
function registeredCalls(settlement: Pick<Settlement, 'flows' | 'models'>): string {
  return JSON.stringify(
    settlement.flows.map(({ flow }) => [flow.formType, flow.authorize.endpoint, flow.submit?.endpoint ?? null, flow.deadlineKeys, flow.models]),
  );
}

export default fp<LivePreviewOptions>(
  async (app: FastifyInstance, opts) => {
    const print = opts.print ?? console;
    const debounceMs = opts.debounceMs ?? 150;
    const settlement = app.settlement;
    const loadOptions = settlement.readOptions;
    const calls = registeredCalls(settlement);
    let version = digest(settlement);
    const clients = new Set<ServerResponse>();
    const listeners = new Set<(outcome: LivePreviewOutcome) => void>();

    const send = (event: string, data: unknown) => {
      const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const res of clients) res.write(frame);
    };

    const reload = async (): Promise<LivePreviewOutcome> => {
      let outcome: LivePreviewOutcome;
      try {
        const next = loadSettlement(settlement.dir, loadOptions);
        const nextVersion = digest(next);
        if (nextVersion === version) {
          outcome = { kind: 'unchanged', version };
        } else {
          const fixedChanged = SETTINGS_FIXED_AT_START.filter((key) => JSON.stringify(next.settings[key]) !== JSON.stringify(settlement.settings[key]));
          const settingsChanged = JSON.stringify(next.settings) !== JSON.stringify(settlement.settings);
          // In place: every route reads app.settlement and app.locales on each request, and the
          // settings' objects stay those the plugins hold (the fraud screening's, the PIN limits').
          assignInPlace(settlement.settings, next.settings);
          settlement.flows = next.flows;
          settlement.locales = next.locales;
          settlement.site = next.site;
          settlement.logo = next.logo;
          Object.assign(app.locales, settlementLocales({ ...next, settings: app.settlement.settings }));
          version = nextVersion;
          outcome = { kind: 'reloaded', version };
          print.log(`Live preview: flows, locales${settingsChanged ? ', settings' : ''} and site chrome reloaded (${version}).`);
          if (fixedChanged.length > 0) {
            print.log(`Live preview: settings.json changed ${fixedChanged.join(', ')}, which the server set up at start; restart npm run dev for them to apply.`);
          }
          if (registeredCalls(next) !== calls) {
            print.log('Live preview: a flow changed its endpoints, deadline keys or models, or models.json changed; restart npm run dev for authorize and submit to follow.');
          }
          send('reload', { version, site: siteChrome(settlement), settings: livePageSettings(settlement.settings) });
        }
      } catch (error) {
        if (!(error instanceof SettlementError)) throw error;
        outcome = { kind: 'invalid', problems: error.problems, message: error.message };
        print.error(`Live preview: the change was not applied; still serving the last good version.\n${error.message}`);
        send('invalid', { problems: error.problems });
      }
      for (const listener of [...listeners]) listener(outcome);
      return outcome;
    };

    // One reload at a time, in order.
    let running: Promise<unknown> = Promise.resolve();
    const queue = (): Promise<LivePreviewOutcome> => {
      const next = running.then(reload);
      running = next.catch((error: unknown) => print.error(error));
      return next;
    };
    let timer: NodeJS.Timeout | null = null;
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queue().catch(() => undefined);
      }, debounceMs);
    };

    // The folder itself holds site.json and, usually, the logo; a logo in a subfolder is watched there.
    const logoDir = settlement.site?.logo ? path.dirname(path.join(settlement.dir, settlement.site.logo.file)) : settlement.dir;
    const chromeFile = (file: string) => file === 'site.json' || file === 'settings.json' || /\.(svg|png|webp)$/i.test(file);
    const watched = [...new Set([settlement.flowsDir, settlement.localesDir, settlement.dir, logoDir].map((dir) => path.resolve(dir)))];
    const watchers: FSWatcher[] = watched.map((dir) =>
      watch(dir, (_event, file) => {
        const name = file ? String(file) : '';
        const own = dir === path.resolve(settlement.flowsDir) || dir === path.resolve(settlement.localesDir);
        if (!name || (own && name.endsWith('.json')) || chromeFile(name)) schedule();
      }),
    );

    app.decorate('livePreview', {
      version: () => version,
      reload: queue,
      onOutcome(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      watched,
    } satisfies LivePreview);

    app.get(LIVE_PREVIEW_PATH, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      // The current version first: a page that reconnects after a change it missed reloads too.
      res.write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ version, site: siteChrome(settlement), settings: livePageSettings(settlement.settings) })}\n\n`);
      clients.add(res);
      request.raw.once('close', () => clients.delete(res));
    });

    const heartbeat = setInterval(() => {
      for (const res of clients) res.write(': keep-alive\n\n');
    }, (opts.heartbeatSeconds ?? 20) * 1000);
    heartbeat.unref();

    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const res of clients) res.end();
      clients.clear();
    });
  },
  { name: 'app-live-preview', dependencies: ['app-settlement'] },
);
