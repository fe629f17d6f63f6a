/**
 * Statements of one transaction sent together. On PostgreSQL every statement is a round trip, so
 * the parts added before `run()` go as one statement: each part a common table expression, each
 * answering its rows (as JSON). A part's writes are not seen by the reads of other parts of the same
 * statement (one snapshot), and a later part may read an earlier one's RETURNING rows by its `name`.
 * On SQLite (in-process, no round trip; no writes in common table expressions) each part runs at
 * once, in the order added. A part added after `run()` runs alone.
 *
 * Given a transaction, the parts are of it; given the database, the one statement is atomic by
 * itself on PostgreSQL (no BEGIN and COMMIT to send), and on SQLite each part commits on its own.
 *
 * A part must answer rows: a SELECT, or a write with RETURNING.
 *
 * `prepared`: PostgreSQL keeps the batch's statement prepared (open.ts, prepared.ts): for a batch
 * sent on nearly every request whose parts are always of a few shapes (a sign-in's), not for one
 * whose text grows with its rows.
 *
 * A part may be a template's use (`statementTemplate`): a batch made of templates only is compiled
 * once per shape (the templates and the names they read, in order) and then sent as that text with
 * the values of each use, so Kysely assembles nothing per request. `runTemplate` runs one alone.
 * A statement with a row per record (a claim's documents, its fraud signals' values) takes the
 * records as one JSON value (`jsonRecords`), so that its text is one whatever their number.
 */
import { CompiledQuery, sql, type Kysely, type OperationNodeSource, type RawBuilder } from 'kysely';
import { isRecord } from '../../runtime/core/guards.js';
import { keptStatementsOf, PREPARED } from './prepared.js';
import type { Tables } from './schema.js';
import type { BatchPart, BatchQuery, BatchRow, DialectName, StatementBatch, StatementTemplate, TemplatePart } from './types.js';

/** Whether a write is given a batch to join rather than a transaction. */
export const isStatementBatch = (given: Kysely<Tables> | StatementBatch): given is StatementBatch => 'deferred' in given;

const rowsOf = (value: unknown): BatchRow[] => (Array.isArray(value) ? value.filter(isRecord) : []);

let templateCount = 0;

/**
 * A statement compiled once: the `sql` tag's text with `value(i)` for the values of each use.
 * Nothing in `build` may depend on a use's values (only `value(i)` and `name(i)` do).
 */
export function statementTemplate(build: StatementTemplate['build']): StatementTemplate {
  return { id: templateCount++, build };
}

const isTemplatePart = (query: BatchQuery): query is TemplatePart => 'template' in query;

/**
 * A JSON list of records given as one value of a template (`json`: a `value(i)`; the value
 * `JSON.stringify` of the records) read as a table `alias` of `columns` (each its name, the key of
 * the records, and its PostgreSQL type): a statement with a row per record keeps one text whatever
 * their number. PostgreSQL reads it with jsonb_to_recordset, SQLite with json_each (a JSON true
 * reads as 1 there).
 */
export function jsonRecords(dialect: DialectName, json: RawBuilder<unknown>, alias: string, columns: ReadonlyArray<readonly [name: string, type: string]>): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    return sql`jsonb_to_recordset(cast(${json} as jsonb)) as ${sql.id(alias)}(${sql.join(columns.map(([name, type]) => sql`${sql.id(name)} ${sql.raw(type)}`))})`;
  }
  return sql`(select ${sql.join(columns.map(([name]) => sql`value ->> ${sql.lit(`$.${name}`)} as ${sql.id(name)}`))} from json_each(${json})) as ${sql.id(alias)}`;
}

/** Where a placeholder's value comes from while a shape is compiled: the part and its value. */
class Slot {
  constructor(
    readonly part: number,
    readonly index: number,
  ) {}
}

/** A shape's SQL text and, per placeholder, the value that fills it. */
interface Compiled {
  sql: string;
  slots: Slot[];
}

/** The compiled shapes: a few per dialect (the sign-in's, the session's read); more are compiled per use rather than kept. */
const compiledShapes = new Map<string, Compiled>();
const MAX_SHAPES = 256;

const missingName = (index: number) => {
  throw new Error(`A statement template reads part ${index}, which its use does not name.`);
};

/** The part as a query: a template's values as the `sql` tag's (a batch that mixes templates with built queries). */
function builtOf(query: BatchQuery): OperationNodeSource | RawBuilder<unknown> {
  if (!isTemplatePart(query)) return query;
  return query.template.build(
    (i) => sql.val(query.values[i]),
    (i) => sql.id(query.names?.[i] ?? missingName(i)),
  );
}

/** The shape of `parts` as `compose` puts them together, from the cache when it was compiled before. */
function shapeOf(executor: Kysely<Tables>, dialect: string, prefix: string, parts: readonly TemplatePart[], compose: (built: Array<RawBuilder<unknown>>) => RawBuilder<unknown>): Compiled {
  let key = `${dialect}|${prefix}`;
  for (const part of parts) key += part.names ? `|${part.template.id}:${part.names.join(':')}` : `|${part.template.id}`;
  let compiled = compiledShapes.get(key);
  if (!compiled) {
    const built = parts.map((part, p) =>
      part.template.build(
        (i) => sql.val(new Slot(p, i)),
        (i) => sql.id(part.names?.[i] ?? missingName(i)),
      ),
    );
    const query = compose(built).compile(executor);
    const slots = query.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) throw new Error('A statement template has a value that is not one of its uses.');
      return parameter;
    });
    compiled = { sql: query.sql, slots };
    if (compiledShapes.size < MAX_SHAPES) compiledShapes.set(key, compiled);
  }
  return compiled;
}

/** The values of a shape's placeholders, from the uses of its parts. */
const valuesOf = (compiled: Compiled, parts: readonly TemplatePart[]) => compiled.slots.map((slot) => parts[slot.part]?.values[slot.index]);

/** `parts` compiled as `compose` puts them together, from the cache when their shape was compiled before. */
function compiledOf(executor: Kysely<Tables>, dialect: string, prefix: string, parts: readonly TemplatePart[], compose: (built: Array<RawBuilder<unknown>>) => RawBuilder<unknown>): CompiledQuery {
  const compiled = shapeOf(executor, dialect, prefix, parts, compose);
  return CompiledQuery.raw(compiled.sql, valuesOf(compiled, parts));
}

/** A statement alone with `prefix` before it (made by a function: the server's runner names each closure it makes, a property write). */
const prefixed =
  (prefix: string) =>
  ([built]: Array<RawBuilder<unknown>>): RawBuilder<unknown> =>
    sql`${sql.raw(prefix)}${built}`;

/**
 * One template's use run alone (prefixed with `prefix`: PREPARED for a statement PostgreSQL keeps
 * prepared). In a SQLite transaction, on its kept prepared statement at once (prepared.ts).
 */
export async function runTemplate<R = BatchRow>(executor: Kysely<Tables>, dialect: string, part: TemplatePart, prefix = ''): Promise<R[]> {
  const compose = prefixed(prefix);
  const kept = dialect === 'sqlite' ? keptStatementsOf(executor) : undefined;
  if (kept) {
    const parts = [part];
    const compiled = shapeOf(executor, dialect, prefix, parts, compose);
    // The rows as the driver answers them, typed by the caller as Kysely's executeQuery<R> is.
    return kept(compiled.sql, valuesOf(compiled, parts)) as R[];
  }
  return (await executor.executeQuery<R>(compiledOf(executor, dialect, prefix, [part], compose))).rows;
}

/** A compiled statement run on `executor`: in a SQLite transaction, on its kept prepared statement at once (prepared.ts). */
export async function runCompiled(executor: Kysely<Tables>, query: CompiledQuery): Promise<void> {
  const kept = keptStatementsOf(executor);
  if (kept) kept(query.sql, query.parameters);
  else await executor.executeQuery(query);
}

export function statementBatch(trx: Kysely<Tables>, dialect: DialectName, options: { prepared?: boolean } = {}): StatementBatch {
  // Names of common table expressions of one statement: unique within it.
  const prefix = 'batch_part_';
  let count = 0;
  const markText = options.prepared && dialect === 'postgres' ? PREPARED : '';
  const mark = sql.raw(markText);
  const execute = async (query: BatchQuery) => (isTemplatePart(query) ? runTemplate(trx, dialect, query, markText) : (await sql<BatchRow>`${mark}${query}`.execute(trx)).rows);
  if (dialect === 'sqlite') {
    let previous: Promise<unknown> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    let last: BatchPart | undefined;
    return {
      deferred: false,
      dialect,
      get last() {
        return last;
      },
      add(query) {
        const rows = previous.then(() => execute(query));
        // The first error is what run() throws; a part's rows need not be awaited after it.
        previous = rows.catch((error: unknown) => void (failure ??= { error }));
        last = { name: `${prefix}${count++}`, rows };
        return last;
      },
      async run() {
        await previous;
        if (failure) throw failure.error;
      },
    };
  }
  let pending: Array<{ name: string; query: BatchQuery; resolve(rows: BatchRow[]): void; reject(error: unknown): void }> = [];
  let ran = false;
  let last: BatchPart | undefined;
  return {
    deferred: true,
    dialect,
    get last() {
      return last;
    },
    add(query) {
      const name = `${prefix}${count++}`;
      if (ran) return (last = { name, rows: execute(query) });
      const rows = new Promise<BatchRow[]>((resolve, reject) => pending.push({ name, query, resolve, reject }));
      // Rejected with the statement's error, which run() throws: not a second, unhandled one.
      rows.catch(() => {});
      return (last = { name, rows });
    },
    async run() {
      ran = true;
      const parts = pending;
      pending = [];
      if (!parts.length) return;
      try {
        const only = parts.length === 1 ? parts[0] : undefined;
        if (only) {
          only.resolve(await execute(only.query));
          return;
        }
        const compose = (built: ReadonlyArray<OperationNodeSource | RawBuilder<unknown>>) => {
          const ctes = sql.join(parts.map((p, i) => sql`${sql.id(p.name)} as (${built[i]})`));
          const answers = sql.join(parts.map((p) => sql`(select coalesce(json_agg(${sql.id(p.name)}), '[]'::json) from ${sql.id(p.name)}) as ${sql.id(p.name)}`));
          return sql<Record<string, unknown>>`${mark}with ${ctes} select ${answers}`;
        };
        const templates = parts.every((p) => isTemplatePart(p.query)) ? parts.map((p) => p.query).filter(isTemplatePart) : null;
        // The parts are named batch_part_0… in order (none is added to the statement after run()), so a shape's text names them alike.
        const { rows } = templates ? await trx.executeQuery<Record<string, unknown>>(compiledOf(trx, dialect, markText, templates, compose)) : await compose(parts.map((p) => builtOf(p.query))).execute(trx);
        const row = rows[0] ?? {};
        for (const p of parts) p.resolve(rowsOf(row[p.name]));
      } catch (error) {
        for (const p of parts) p.reject(error);
        throw error;
      }
    },
  };
}
