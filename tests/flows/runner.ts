/**
 * Plays a flow fixture and judges what was observed against what the fixture expects.
 *
 * Playing and judging are apart: a player (the headless one here, a browser one later) does the
 * steps and reports an Observation — the pages shown, the errors shown, the submitted payload —
 * and `judge` compares it with the fixture, naming for each mismatch the fixture file, the line
 * and the JSON pointer of the expectation.
 */
import type { FieldValue, SubmissionPayload } from '../../runtime/core/types';
import { FixtureError, loadFixture, loadSettlement, seg, type ExpectedErrors, type LoadedFixture, type Settlement } from './fixture';
import { playHeadless } from './headless';

/** What a player saw during one step. */
export interface StepObservation {
  /** The page shown when the step started. The player stops after a step on another page than the fixture's. */
  page: string | null;
  /** The values of the fields named in the step's expectValues, before anything was typed. */
  values?: Record<string, Record<string, FieldValue>>;
  /** Per records block (camel-cased model), per record: null when it was saved, else the errors that refused it. */
  records: Record<string, Array<Record<string, string[]> | null>>;
  /** The errors shown after pressing the primary button (empty when it went through or was not pressed). */
  errors: Record<string, string[]>;
  /** The feedback box a look-up shows, when the page has one. */
  result?: { feedback: 'success' | 'warning'; text: string } | null;
}

export interface Observation {
  /** Every page shown, in order, from the first. */
  pages: string[];
  steps: StepObservation[];
  /** Every payload sent to the submit call, in order. */
  submissions: SubmissionPayload[];
  /** clientId of each record named with "$as". */
  recordIds: Record<string, string>;
}

/** Plays a fixture through some front end and reports what it saw. */
export type Player = (loaded: LoadedFixture, settlement: Settlement) => Promise<Observation>;

interface Problem {
  pointer: string;
  message: string;
}

const show = (v: unknown): string => JSON.stringify(v);

function asList(v: string | string[]): string[] {
  return Array.isArray(v) ? v : [v];
}

/** Errors expected vs shown, field by field; empty when they are the same. */
export function compareErrors(expected: ExpectedErrors | undefined, shown: Record<string, string[]>): string[] {
  const want = Object.fromEntries(Object.entries(expected ?? {}).map(([k, v]) => [k, asList(v)]));
  const lines: string[] = [];
  for (const key of new Set([...Object.keys(want), ...Object.keys(shown)])) {
    const w = want[key];
    const s = shown[key];
    if (w && !s) lines.push(`${key}: expected ${show(w.length === 1 ? w[0] : w)}, but no error is shown`);
    else if (!w && s) lines.push(`${key}: shown ${show(s.length === 1 ? s[0] : s)}, not expected`);
    else if (w && s && show(w) !== show(s)) lines.push(`${key}: expected ${show(w.length === 1 ? w[0] : w)}, shown ${show(s.length === 1 ? s[0] : s)}`);
  }
  return lines;
}

/** A payload value in short: models as { clientId, fields }, files without their bytes. */
function brief(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(brief);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('fields' in o && 'clientId' in o) return { clientId: o.clientId, fields: o.fields };
    if ('data' in o) {
      const { data: _data, ...rest } = o;
      return rest;
    }
  }
  return value;
}

function isRecordRef(v: unknown): v is { $record: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as { $record?: unknown }).$record === 'string';
}

/**
 * Partial match: objects compare only the keys written, lists item by item with the same length,
 * { "$record": name } is the named record's clientId, anything else strictly.
 */
export function partialMatch(expected: unknown, actual: unknown, pointer: string, label: string, recordIds: Record<string, string>): Problem[] {
  if (isRecordRef(expected)) {
    const id = recordIds[expected.$record];
    if (id === undefined) return [{ pointer, message: `no record is named "${expected.$record}" with "$as" in the steps (named: ${Object.keys(recordIds).join(', ') || 'none'})` }];
    return actual === id ? [] : [{ pointer, message: `${label}: expected the clientId of record "${expected.$record}" (${id}), got ${show(brief(actual))}` }];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ pointer, message: `${label}: expected a list of ${expected.length}, got ${show(brief(actual))}` }];
    if (actual.length !== expected.length) {
      return [{ pointer, message: `${label}: expected ${expected.length} item(s), got ${actual.length}:\n${show(brief(actual))}` }];
    }
    return expected.flatMap((e, i) => partialMatch(e, actual[i], `${pointer}/${i}`, `${label}[${i}]`, recordIds));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [{ pointer, message: `${label}: expected an object, got ${show(brief(actual))}` }];
    }
    const a = actual as Record<string, unknown>;
    return Object.entries(expected as Record<string, unknown>).flatMap(([k, e]) =>
      partialMatch(e, a[k], `${pointer}/${seg(k)}`, `${label}.${k}`, recordIds),
    );
  }
  return Object.is(expected, actual ?? null) ? [] : [{ pointer, message: `${label}: expected ${show(expected)}, got ${show(brief(actual))}` }];
}

/** Every expectation of the fixture that the observation does not meet (all at once). */
export function judge(loaded: LoadedFixture, seen: Observation): Problem[] {
  const { fixture } = loaded;
  const problems: Problem[] = [];
  for (const [i, step] of fixture.steps.entries()) {
    const at = `/steps/${i}`;
    const obs = seen.steps[i];
    if (!obs) break;
    if (obs.page !== step.page) {
      problems.push({
        pointer: `${at}/page`,
        message: `step ${i + 1} expects page "${step.page}", but the form shows "${obs.page}" (pages so far: ${seen.pages.join(' → ')})`,
      });
      break;
    }
    for (const [model, fields] of Object.entries(step.expectValues ?? {})) {
      for (const [field, value] of Object.entries(fields)) {
        const actual = obs.values?.[model]?.[field] ?? null;
        if (!Object.is(actual, value)) {
          problems.push({ pointer: `${at}/expectValues/${seg(model)}/${seg(field)}`, message: `page "${step.page}" shows ${model}.${field} = ${show(actual)}, expected ${show(value)}` });
        }
      }
    }
    for (const [model, records] of Object.entries(step.records ?? {})) {
      records.forEach((record, j) => {
        const refused = obs.records[model]?.[j];
        const pointer = `${at}/records/${seg(model)}/${j}`;
        if (refused === undefined) return;
        if (record.$expectErrors === undefined && refused !== null) {
          problems.push({ pointer, message: `record ${j + 1} of ${model} on page "${step.page}" was refused:\n${compareErrors({}, refused).map((l) => `  ${l}`).join('\n')}` });
        } else if (record.$expectErrors !== undefined) {
          const lines = compareErrors(record.$expectErrors, refused ?? {});
          if (lines.length > 0) {
            problems.push({ pointer: `${pointer}/$expectErrors`, message: `record ${j + 1} of ${model} on page "${step.page}": errors differ:\n${lines.map((l) => `  ${l}`).join('\n')}` });
          }
        }
      });
    }
    const lines = compareErrors(step.expectErrors, obs.errors);
    if (lines.length > 0) {
      problems.push({
        pointer: step.expectErrors ? `${at}/expectErrors` : at,
        message: `errors shown on page "${step.page}" differ from the fixture:\n${lines.map((l) => `  ${l}`).join('\n')}`,
      });
    }
    if (step.expectResult) {
      const r = obs.result ?? null;
      if (!r) problems.push({ pointer: `${at}/expectResult`, message: `page "${step.page}" shows no result` });
      else {
        if (r.feedback !== step.expectResult.feedback) {
          problems.push({ pointer: `${at}/expectResult/feedback`, message: `page "${step.page}" shows a ${r.feedback} box, expected ${step.expectResult.feedback}: ${show(r.text)}` });
        }
        if (step.expectResult.text !== undefined && r.text !== step.expectResult.text) {
          problems.push({ pointer: `${at}/expectResult/text`, message: `page "${step.page}" shows ${show(r.text)}, expected ${show(step.expectResult.text)}` });
        }
      }
    }
  }
  if (fixture.expectPages && show(fixture.expectPages) !== show(seen.pages)) {
    problems.push({ pointer: '/expectPages', message: `pages shown differ:\n  expected: ${fixture.expectPages.join(' → ')}\n  shown:    ${seen.pages.join(' → ')}` });
  }
  if (fixture.expectNoSubmission && seen.submissions.length > 0) {
    problems.push({ pointer: '/expectNoSubmission', message: `expected no submission, but ${seen.submissions.length} payload(s) were sent` });
  }
  if (fixture.expectPayload) {
    const payload = seen.submissions.at(-1);
    if (!payload) problems.push({ pointer: '/expectPayload', message: 'expected a submission, but nothing was submitted' });
    else problems.push(...partialMatch(fixture.expectPayload, payload, '/expectPayload', 'payload', seen.recordIds));
  }
  return problems;
}

/** Loads a fixture file, plays it (headless by default) and throws a FixtureError listing every unmet expectation. */
export async function runFixture(file: string, player: Player = playHeadless): Promise<Observation> {
  const loaded = loadFixture(file);
  return runLoaded(loaded, player);
}

export async function runLoaded(loaded: LoadedFixture, player: Player = playHeadless): Promise<Observation> {
  const settlement = loadSettlement(loaded);
  const seen = await player(loaded, settlement);
  const problems = judge(loaded, seen);
  if (problems.length > 0) throw new FixtureError(problems.map((p) => ({ file: loaded.file, ...p })), loaded.text);
  return seen;
}
