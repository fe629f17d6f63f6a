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
    const out = execFileSync('ps', ['-eo', 'pcpu,comm', '--sort=-pcpu', '--no-headers'], { encoding: 'utf8' });
    busy = out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && Number(l.split(/\s+/)[0]) >= 10)
      .filter((l) => !l.endsWith(' ps'))
      .slice(0, 8);
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
