/**
 * npm run bench — runs the figure scripts in order and writes bench/results.json and
 * bench/results.md.
 *
 *   npm run bench                     the full run
 *   npm run bench -- --smoke          a few seconds per figure (CI): same code paths, short runs
 *   npm run bench -- --only bundle    one script (repeatable: --only bundle --only memory)
 *   npm run bench -- --out DIR        write the results elsewhere (default bench/)
 *   npm run bench -- --render         rewrite results.md from results.json (and bench/findings.md)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext, Figure, FigureScript } from './lib/figure.js';
import { describeMachine, SHARED_PERCENT, type MachineInfo } from './lib/machine.js';
import { BENCH, ROOT } from './lib/paths.js';

const SCRIPTS: Array<{ name: string; load: () => Promise<FigureScript> }> = [
  { name: 'bundle', load: async () => (await import('./bundle.js')).run },
  { name: 'server-load', load: async () => (await import('./server-load.js')).run },
  { name: 'sqlite-stalls', load: async () => (await import('./sqlite-stalls.js')).run },
  { name: 'durability', load: async () => (await import('./durability.js')).run },
  { name: 'memory', load: async () => (await import('./memory.js')).run },
  { name: 'uploads', load: async () => (await import('./uploads.js')).run },
  { name: 'typing', load: async () => (await import('./typing.js')).run },
  { name: 'transition', load: async () => (await import('./transition.js')).run },
  { name: 'cold-start', load: async () => (await import('./cold-start.js')).run },
  { name: 'flood', load: async () => (await import('./flood.js')).run },
];

interface Results {
  date: string;
  command: string;
  smoke: boolean;
  machine: MachineInfo;
  machineAfter: MachineInfo;
  durationSeconds: number;
  scripts: Array<{ name: string; seconds: number; error: string | null; date?: string; command?: string; smoke?: boolean }>;
  figures: Figure[];
}

/** The script a figure came from, by its name (for results written before figures carried it). */
function scriptOf(name: string): string | undefined {
  const prefix = name.split('.')[0]!;
  const map: Record<string, string> = { bundle: 'bundle', server: 'server-load', sqlite: 'sqlite-stalls', disk: 'sqlite-stalls', durability: 'durability', memory: 'memory', typing: 'typing', transition: 'transition', 'cold-start': 'cold-start', lighthouse: 'cold-start', fraud: 'flood', uploads: 'uploads' };
  return map[prefix];
}

function parseArgs(argv: string[]) {
  const only: string[] = [];
  let out = BENCH;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only' && argv[i + 1]) only.push(argv[++i]!);
    else if (argv[i] === '--out' && argv[i + 1]) out = path.resolve(argv[++i]!);
  }
  const unknown = only.filter((n) => !SCRIPTS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown figure script(s): ${unknown.join(', ')}; known: ${SCRIPTS.map((s) => s.name).join(', ')}`);
  return { smoke: argv.includes('--smoke'), only, out };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const mark = (f: Figure) => (f.holds === null ? (f.value === null ? 'not measured' : '—') : f.holds ? '✅ holds' : '❌ misses');

function markdown(results: Results): string {
  const m = results.machine;
  const after = results.machineAfter;
  // Results written before the CPU was sampled over an interval carry no otherCpuPercent.
  const sampled = typeof m.otherCpuPercent === 'number' && typeof after.otherCpuPercent === 'number';
  const shared = sampled
    ? m.otherCpuPercent! >= SHARED_PERCENT || after.otherCpuPercent! >= SHARED_PERCENT
    : [...m.busyProcesses, ...after.busyProcesses].length > 0 || m.loadAverage[0]! > m.cores * 0.5;
  const others = (info: MachineInfo) =>
    `${typeof info.otherCpuPercent === 'number' ? `${info.otherCpuPercent} % of a core` : 'not sampled'}${info.busyProcesses.length ? ` (${info.busyProcesses.join('; ')})` : ''}`;
  const lines = [
    '# Benchmark results',
    '',
    `Date: ${results.date}${results.smoke ? ' — **smoke run** (short runs: the figures show the code paths work, not the product\'s speed)' : ''}  `,
    `Command: \`${results.command}\` (${Math.round(results.durationSeconds)} s)  `,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}  `,
    `Load average at start ${m.loadAverage.join(' / ')}, at the end ${after.loadAverage.join(' / ')} (1/5/15 min).`,
    '',
    shared
      ? `**The machine was shared during this run** (CPU used by other processes over a second, at the start: ${others(m)}; at the end: ${others(after)}). Absolute figures are low and noisy; the comparisons with the floor measured in the same run are what to read.`
      : `The machine was otherwise idle at the start and the end of the run (CPU used by other processes over a second: ${others(m)} at the start, ${others(after)} at the end).`,
    '',
    ...(new Set(results.scripts.map((s) => s.date?.slice(0, 13))).size > 1
      ? ['Figures come from more than one invocation:', '', ...results.scripts.map((s) => `- ${s.name}: ${s.date ?? '?'} — \`${s.command ?? '?'}\`${s.smoke ? ' (smoke)' : ''} (${s.seconds} s)`), '']
      : []),
    '| figure | value | budget | floor (same run) | verdict | notes |',
    '|---|---:|---|---|---|---|',
    ...results.figures.map(
      (f) =>
        `| ${f.name} | ${f.value === null ? '—' : `${f.value} ${f.unit}`} | ${f.budget ?? '—'} | ${f.floor ? cell(`${f.floor.value} ${f.floor.unit} (${f.floor.name})`) : '—'} | ${mark(f)} | ${cell(f.notes)} |`,
    ),
    '',
    ...results.scripts.filter((s) => s.error).map((s) => `**${s.name} failed:** ${cell(s.error!)}\n`),
  ];
  const findings = path.join(BENCH, 'findings.md');
  if (existsSync(findings)) lines.push(readFileSync(findings, 'utf8').trim(), '');
  const sections = results.figures.filter((f) => f.markdown).map((f) => f.markdown!);
  if (sections.length) lines.push('## Detail', '', ...sections.flatMap((s) => [s, '']));
  return lines.join('\n');
}

async function main() {
  const { smoke, only, out } = parseArgs(process.argv.slice(2));
  process.chdir(ROOT);
  if (process.argv.includes('--render')) {
    const results = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as Results;
    writeFileSync(path.join(out, 'results.md'), `${markdown(results)}\n`);
    return;
  }
  const started = performance.now();
  const machine = await describeMachine();
  const ctx: BenchContext = { smoke, log: (m) => process.stderr.write(`${m}\n`) };
  const figures: Figure[] = [];
  const scripts: Results['scripts'] = [];
  for (const script of SCRIPTS.filter((s) => only.length === 0 || only.includes(s.name))) {
    const t0 = performance.now();
    ctx.log(`== ${script.name}${smoke ? ' (smoke)' : ''}`);
    let error: string | null = null;
    try {
      const run = await script.load();
      figures.push(...(await run(ctx)).map((f) => ({ ...f, script: script.name })));
    } catch (err) {
      error = err instanceof Error ? `${err.message}`.slice(0, 1500) : String(err);
      ctx.log(`${script.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
    scripts.push({ name: script.name, seconds: Math.round((performance.now() - t0) / 100) / 10, error, date: new Date().toISOString(), smoke });
  }
  const args = process.argv.slice(2);
  const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;
  for (const s of scripts) s.command = command;
  // --only: the other scripts' figures of the previous run stay, marked with their own date.
  const previousFile = path.join(out, 'results.json');
  if (only.length && existsSync(previousFile)) {
    const previous = JSON.parse(readFileSync(previousFile, 'utf8')) as Results;
    const rerun = new Set(scripts.map((s) => s.name));
    const kept = previous.figures.map((f) => ({ ...f, script: f.script ?? scriptOf(f.name) })).filter((f) => f.script && !rerun.has(f.script));
    figures.unshift(...kept);
    scripts.unshift(...previous.scripts.filter((s) => !rerun.has(s.name)).map((s) => ({ ...s, date: s.date ?? previous.date, command: s.command ?? previous.command, smoke: s.smoke ?? previous.smoke })));
    const order = SCRIPTS.map((s) => s.name);
    figures.sort((a, b) => order.indexOf(a.script ?? '') - order.indexOf(b.script ?? ''));
    scripts.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  }
  const results: Results = {
    date: new Date().toISOString(),
    command,
    smoke,
    machine,
    machineAfter: await describeMachine(),
    durationSeconds: (performance.now() - started) / 1000,
    scripts,
    figures,
  };
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(out, 'results.md'), `${markdown(results)}\n`);
  for (const f of figures) ctx.log(`${mark(f).padEnd(12)} ${f.name}: ${f.value ?? '—'} ${f.unit}${f.budget ? ` (budget ${f.budget})` : ''}`);
  ctx.log(`results: ${path.join(out, 'results.md')}, ${path.join(out, 'results.json')}`);
  const failed = scripts.filter((s) => s.error);
  process.exit(failed.length ? 1 : 0);
}

await main();
