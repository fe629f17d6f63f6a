/** The machine a run happened on, for results.md. */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  loadAverage: number[];
  /**
   * Other processes that used noticeable CPU over the sampling interval ("37 % postgres"), busiest
   * first; the run's own processes are left out.
   */
  busyProcesses: string[];
  /** CPU the other processes used over the sampling interval, in % of one core; null off Linux. */
  otherCpuPercent?: number | null;
}

/** How long describeMachine watches the other processes' CPU. */
const SAMPLE_MS = 1000;
/** A process listed as busy: at least this much of one core over the interval. */
const BUSY_PERCENT = 5;
/** The run counts as shared when the others used this much of one core, together. */
export const SHARED_PERCENT = 15;

interface ProcSample {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/** Every process's CPU so far, from /proc (Linux); null where /proc cannot be read. */
function sampleProcs(): Map<number, ProcSample> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return null;
  }
  const out = new Map<number, ProcSample>();
  for (const name of pids) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // comm is in parentheses and may hold spaces or parentheses: the fields follow the last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(name), { pid: Number(name), ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended between readdir and read.
    }
  }
  return out;
}

/** This process, its ancestors (npm, tsx) and every descendant (servers, browsers it started). */
function ownProcesses(procs: Map<number, ProcSample>): Set<number> {
  const own = new Set<number>();
  for (let pid: number | undefined = process.pid; pid && pid > 1 && !own.has(pid); pid = procs.get(pid)?.ppid) own.add(pid);
  const isDescendant = (pid: number) => {
    for (let p = procs.get(pid)?.ppid; p !== undefined && p > 1; p = procs.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  for (const pid of procs.keys()) if (isDescendant(pid)) own.add(pid);
  return own;
}

/**
 * The machine, and the CPU other processes use over one second: what a process used in its whole
 * lifetime (ps) or the load average (which counts waiting on disk, and lags a minute) would call a
 * machine busy that is idle now.
 */
export async function describeMachine(): Promise<MachineInfo> {
  const cpus = os.cpus();
  const before = sampleProcs();
  const t0 = performance.now();
  if (before) await delay(SAMPLE_MS);
  const after = sampleProcs();
  let busy: string[] = [];
  let otherCpuPercent: number | null = null;
  if (before && after) {
    const seconds = (performance.now() - t0) / 1000;
    const hz = 100; // USER_HZ on Linux
    const own = ownProcesses(after);
    const used = [...after.values()]
      .filter((p) => !own.has(p.pid))
      .map((p) => ({ comm: p.comm, percent: ((p.ticks - (before.get(p.pid)?.ticks ?? 0)) / hz / seconds) * 100 }))
      .filter((p) => p.percent > 0)
      .sort((a, b) => b.percent - a.percent);
    otherCpuPercent = Math.round(used.reduce((s, p) => s + p.percent, 0));
    busy = used.filter((p) => p.percent >= BUSY_PERCENT).slice(0, 8).map((p) => `${Math.round(p.percent)} % ${p.comm}`);
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    busyProcesses: busy,
    otherCpuPercent,
  };
}
