/**
 * Where a keystroke's main-thread time goes on the heaviest pages: a CPU profile (Chrome DevTools
 * protocol) of 120 keystrokes in the repairs page's open draft and in the claim summary's signature,
 * on an unminified production build (component names kept), summed per function (inclusive time of
 * the components React calls, and self time), and the components among them.
 *
 *   tsx bench/typing-profile.ts [--top N]
 */
import path from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launch, openRecordDraft, probedPage, tempDir, walkAutomotive } from './lib/browser.js';
import { startAppServer, startEmulator, storage } from './lib/servers.js';
import { ROOT } from './lib/paths.js';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 25;
const KEYS = 120;

function summarize(profile: Profile, keys: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const selfBy = new Map<string, number>();
  const inclBy = new Map<string, number>();
  for (const [id, ms] of self) {
    const n = byId.get(id);
    if (!n) continue;
    const name = n.callFrame.functionName || '(anonymous)';
    const key = `${name} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber}`;
    selfBy.set(key, (selfBy.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at);
      if (!f) break;
      const k = f.callFrame.functionName || '(anonymous)';
      if (seen.has(k)) continue;
      seen.add(k);
      inclBy.set(k, (inclBy.get(k) ?? 0) + ms);
    }
  }
  const fmt = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${(v / keys).toFixed(3).padStart(7)} ms/key  ${k}`).join('\n');
  const components = new Map([...inclBy].filter(([k]) => /^[A-Z]/.test(k)));
  return `self time per keystroke:\n${fmt(selfBy)}\ninclusive time per keystroke (by function name):\n${fmt(inclBy)}\ncomponents (inclusive, named with a capital):\n${fmt(components)}`;
}

async function profileTyping(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await page.click(selector);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  const chars = 'abcdefghij klmnopqrstuvwxyz';
  for (let i = 0; i < KEYS; i++) await page.keyboard.press(chars[i % chars.length] === ' ' ? 'Space' : chars[i % chars.length]!, { delay: 5 });
  await page.waitForTimeout(200);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  return summarize(profile, KEYS);
}

const tmp = tempDir('typing-profile');
const appDist = path.join(tmp.dir, 'app');
const configFile = path.join(ROOT, 'vite.config.ts');
await build({ configFile, logLevel: 'warn', build: { outDir: appDist, emptyOutDir: true, minify: false } });
await build({ configFile, logLevel: 'warn', build: { ssr: true, outDir: path.join(tmp.dir, 'server'), emptyOutDir: true } });
const store = storage('sqlite', 'typing-profile');
const emulator = await startEmulator();
const server = await startAppServer(store, String(emulator.ready.url), { appDistDir: appDist, logger: 'off' });
const browser = await launch();
try {
  const onRepairs = await probedPage(browser);
  await walkAutomotive(onRepairs, server.url, {
    repairs: 20,
    stopAt: 'repairs',
    beforeNext: async (name) => {
      if (name !== 'repairs') return;
      await openRecordDraft(onRepairs, 'records-claimTransactions-repair');
      console.log('== repairs page, typing in the open draft\n' + (await profileTyping(onRepairs, '#records-claimTransactions-repair .cf-records__draft [id$="-repairDescription"]')));
    },
  });
  await onRepairs.context().close();
  const onSummary = await probedPage(browser);
  await walkAutomotive(onSummary, server.url, {
    repairs: 20,
    beforeNext: async (name) => {
      if (name === 'claim-summary') console.log('== claim summary, typing the signature\n' + (await profileTyping(onSummary, '#signature-signature')));
    },
  });
} finally {
  await browser.close();
  await server.child.stop();
  await emulator.stop();
  await store.cleanup();
  tmp.cleanup();
}
