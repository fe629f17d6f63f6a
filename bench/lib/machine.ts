/** The machine a run happened on, for results.md. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  loadAverage: number[];
  /** Other processes using noticeable CPU when the run started (a shared machine). */
  busyProcesses: string[];
}

export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  let busy: string[];
  try {
    const out = execFileSync('ps', ['-eo', 'pid,ppid,pcpu,comm', '--sort=-pcpu', '--no-headers'], { encoding: 'utf8' });
    const rows = out
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f.length >= 4)
      .map(([pid, ppid, pcpu, ...comm]) => ({ pid: Number(pid), ppid: Number(ppid), pcpu: Number(pcpu), comm: comm.join(' ') }));
    // The run's own processes (npm, tsx, this process, the servers and browsers it started) are
    // not "other" load: ps's figure is CPU over each process's lifetime, high for any just started.
    const own = new Set<number>();
    const parentOf = new Map(rows.map((r) => [r.pid, r.ppid]));
    for (let pid: number | undefined = process.pid; pid && !own.has(pid); pid = parentOf.get(pid)) own.add(pid);
    for (const r of rows) if (isDescendant(r.pid, process.pid, parentOf)) own.add(r.pid);
    busy = rows
      .filter((r) => r.pcpu >= 10 && !own.has(r.pid) && r.comm !== 'ps')
      .slice(0, 8)
      .map((r) => `${r.pcpu} ${r.comm}`);
  } catch {
    busy = [];
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    busyProcesses: busy,
  };
}

function isDescendant(pid: number, ancestor: number, parentOf: Map<number, number>): boolean {
  for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) if (p === ancestor) return true;
  return false;
}
