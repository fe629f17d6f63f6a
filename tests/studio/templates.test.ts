/**
 * The settlement templates a new settlement starts from (templates/): each is a settlement folder
 * that the configurer's commands accept as shipped — `npm run flows:check` finds no problem and
 * `npm run flows:test` plays its fixtures green — and the wizard offers every one of them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTLEMENT_TEMPLATES, TEMPLATES_DIR } from '../../studio/server/new-settlement';
import { ROOT } from './settlement-copy';

/** An npm script as a configurer runs it: its output, or a throw with it when it exits non-zero. */
const npmScript = (script: string, folder: string) =>
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, folder], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });

describe('the settlement templates', () => {
  it('are the folders of templates/, each offered by the wizard', () => {
    const folders = readdirSync(TEMPLATES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...SETTLEMENT_TEMPLATES].sort());
  });

  it.each(SETTLEMENT_TEMPLATES)('%s passes flows:check and flows:test as shipped', (template) => {
    const folder = path.join(TEMPLATES_DIR, template);
    expect(npmScript('scripts/flows-check.ts', folder)).toMatch(/^flows:check: \d+ flows?, \d+ pages?, \d+ model configs?, 2 locales — no problems$/m);
    expect(npmScript('scripts/flows-test.ts', folder)).toMatch(/^Tests: [1-9]\d* passed, 0 failed, 0 skipped$/m);
  }, 120_000);
});
