/**
 * Child processes for the servers under test, so the load generator (this process) and the server
 * never share an event loop. Each child is `node --import tsx <script>` (the TypeScript loader in
 * the same process, so a signal reaches the server itself), talks over IPC, and is stopped by its
 * own pid only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';
import { ROOT } from './paths.js';

export interface Child {
  proc: ChildProcess;
  pid: number;
  /** The first message the child sent ({ url, … }). */
  ready: Record<string, unknown>;
  /** Sends a request over IPC and waits for the reply with the same id. */
  ask<T>(message: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  /** SIGTERM, then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL now. */
  kill9(): Promise<void>;
  exited: Promise<number | null>;
  stderr(): string;
}

let nextId = 1;

/** A child's standard output: discarded, or appended to a file in BENCH_LOG_DIR when it is set. */
function childLog(script: string): 'ignore' | number {
  const dir = process.env.BENCH_LOG_DIR;
  if (!dir) return 'ignore';
  mkdirSync(dir, { recursive: true });
  return openSync(path.join(dir, `${path.basename(script, path.extname(script))}-${Date.now()}.log`), 'a');
}

export async function startChild(
  script: string,
  options: { env?: Record<string, string>; args?: string[]; nodeArgs?: string[]; readyTimeoutMs?: number; stdout?: 'ignore' | 'pipe' } = {},
): Promise<Child> {
  const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', script, ...(options.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.stdout ?? childLog(script), 'pipe', 'ipc'],
  });
  let stderr = '';
  proc.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-8000);
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready after ${options.readyTimeoutMs ?? 60_000} ms\n${stderr}`)), options.readyTimeoutMs ?? 60_000);
    proc.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as Record<string, unknown>);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready\n${stderr}`));
    });
  });
  const pending = new Map<number, (value: unknown) => void>();
  proc.on('message', (m: { replyTo?: number }) => {
    if (typeof m?.replyTo === 'number') pending.get(m.replyTo)?.(m);
  });
  const child: Child = {
    proc,
    pid: proc.pid!,
    ready,
    exited,
    stderr: () => stderr,
    ask<T>(message: Record<string, unknown>, timeoutMs = 30_000) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`no reply to ${JSON.stringify(message)} from ${script}`));
        }, timeoutMs);
        pending.set(id, (value) => {
          clearTimeout(timer);
          pending.delete(id);
          resolve(value as T);
        });
        proc.send({ ...message, id });
      });
    },
    async stop(graceMs = 10_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill9() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGKILL');
      await exited;
    },
  };
  return child;
}

/** Resident set size of a process, bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
