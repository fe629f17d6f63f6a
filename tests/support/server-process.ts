/**
 * Starts tests/support/crash-server.ts in a process of its own (node itself, so that SIGKILL
 * reaches the server and not a wrapper) with `env` over the test's environment; resolves with the
 * process and the port it listens on, and `exited`, which resolves when it is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/crash-server.ts')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(Number(line));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, port, exited };
}
