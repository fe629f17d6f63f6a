/**
 * Small write transactions grouped into one commit on SQLite. Each commit there flushes the WAL to
 * disk (synchronous=FULL) on the event loop, and a page save's transaction is mostly that flush:
 * the works that arrive while one group commits (or in the same turn of the event loop) run in the
 * next group, each in a savepoint of its own, and one commit makes them all durable. A work's
 * promise settles only after that commit, so an acknowledged write is on disk as before; a work
 * that fails is rolled back to its savepoint and fails alone; a commit that fails, or an error after
 * which SQLite rolled the whole transaction back (SQLITE_FULL, SQLITE_IOERR), fails every work of its
 * group with that error (none of them was acknowledged).
 *
 * A work must do nothing but statements on the `trx` it is given (the one SQLite connection is
 * held by the group meanwhile). PostgreSQL commits concurrently on its pool: one transaction each.
 */
import { CompiledQuery } from 'kysely';
import { runCompiled } from './statement-batch.js';
import type { Database, Trx } from './types.js';

/** The most works one commit makes durable (a group's transaction holds the connection while they run). */
const MAX_GROUP = 64;

export type RunInTransaction = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;
/** A write of one statement: in a group on SQLite (`trx` given), alone on PostgreSQL (`trx` undefined: it commits by itself). */
export type RunStatement = <T>(work: (trx: Trx | undefined) => Promise<T>) => Promise<T>;

export interface GroupedWrites {
  transaction: RunInTransaction;
  statement: RunStatement;
}

/** The savepoint statements around each work, compiled once (SQL text without parameters; nothing for the query compiler to do). */
const SAVEPOINT = CompiledQuery.raw('savepoint grouped_work');
const RELEASE = CompiledQuery.raw('release grouped_work');
const ROLLBACK_TO = CompiledQuery.raw('rollback to grouped_work');

/** One queue per database, so that every route's writes share the commits. */
const ofDatabase = new WeakMap<object, GroupedWrites>();

export function groupedWrites(database: Pick<Database, 'dialect' | 'db'>): GroupedWrites {
  let writes = ofDatabase.get(database.db);
  if (!writes) {
    const transaction = groupedTransactions(database);
    writes = { transaction, statement: database.dialect === 'sqlite' ? (work) => transaction(work) : (work) => work(undefined) };
    ofDatabase.set(database.db, writes);
  }
  return writes;
}

interface Waiting {
  /** Runs the work; what it returns settles the caller's promise (once the group has committed). */
  run(trx: Trx): Promise<() => void>;
  reject(error: unknown): void;
}

export function groupedTransactions(database: Pick<Database, 'dialect' | 'db'>): RunInTransaction {
  const { db } = database;
  if (database.dialect !== 'sqlite') return (work) => db.transaction().execute(work);

  const queue: Waiting[] = [];
  let flushing = false;

  async function flushGroup(): Promise<void> {
    let group: Waiting[] = [];
    const settlements: Array<() => void> = [];
    try {
      await db.transaction().execute(async (trx) => {
        // Taken once the connection is ours: every work queued while it was busy joins.
        group = queue.splice(0, MAX_GROUP);
        for (const waiting of group) {
          await runCompiled(trx, SAVEPOINT);
          try {
            const resolve = await waiting.run(trx);
            await runCompiled(trx, RELEASE);
            settlements.push(resolve);
          } catch (error) {
            try {
              await runCompiled(trx, ROLLBACK_TO);
              await runCompiled(trx, RELEASE);
            } catch {
              // SQLite rolled the whole transaction back itself (a full disk, an I/O error): the
              // group's earlier works are gone too, so every work of the group fails with this error.
              throw error;
            }
            settlements.push(() => waiting.reject(error));
          }
        }
      });
    } catch (error) {
      // A transaction that could not begin fails the works it would have run.
      if (!group.length) group = queue.splice(0, MAX_GROUP);
      for (const waiting of group) waiting.reject(error);
      return;
    }
    for (const settle of settlements) settle();
  }

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length) await flushGroup();
    } finally {
      flushing = false;
    }
  }

  return <T>(work: (trx: Trx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        run: async (trx) => {
          const value = await work(trx);
          return () => resolve(value);
        },
        reject,
      });
      // After this turn of the event loop, so the works of requests handled in it share the commit.
      if (!flushing && queue.length === 1) setImmediate(() => void flush());
    });
}
