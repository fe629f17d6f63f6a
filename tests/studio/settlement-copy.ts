/**
 * A complete copy of the sample settlement for the studio's tests: server-fixtures/ with the
 * repository's flows/ and locales/ inside it, optionally in a fresh git repository (committed), so
 * a test can ask `git diff` what the studio wrote.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SettlementCopy {
  dir: string;
  /** `git diff` of the folder's files against the first commit (with `git: true`). */
  diff(): string;
  /** Commits the folder as it is now (with `git: true`): later diffs start from here. */
  commit(message: string): void;
  cleanup(): void;
}

export function copySampleSettlement(options: { git?: boolean } = {}): SettlementCopy {
  const base = mkdtempSync(path.join(tmpdir(), 'studio-settlement-'));
  const dir = path.join(base, 'settlement');
  cpSync(path.join(ROOT, 'server-fixtures'), dir, { recursive: true });
  cpSync(path.join(ROOT, 'flows'), path.join(dir, 'flows'), { recursive: true });
  cpSync(path.join(ROOT, 'locales'), path.join(dir, 'locales'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Studio test', '-c', 'user.email=studio@example.test', ...args], { cwd: dir, encoding: 'utf8' });
  if (options.git) {
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'sample settlement');
  }
  return {
    dir,
    diff: () => git('diff', '--no-color', '-U0'),
    commit: (message) => void git('commit', '-qam', message),
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}
