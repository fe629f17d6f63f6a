import type { Kysely } from 'kysely';
import type { Tables } from './schema.js';

/**
 * The mark of a statement PostgreSQL keeps prepared, at the start of its SQL text: a statement run
 * on nearly every request whose text is one of a few (no list of values spelled out). PostgreSQL
 * parses and plans an unnamed statement anew each time; for the page save's statement that took
 * about three quarters of the database's CPU per save (bench/findings.md, 2026-11-29). SQLite
 * reads it as a comment (and keeps every statement prepared anyway).
 */
export const PREPARED = '/* prepared */ ';

/**
 * Runs one compiled statement on SQLite's connection at once, on the prepared statement kept for
 * its text (open.ts), and answers its rows (none for a statement that answers no rows); its errors
 * are translated as the driver's are, and the statement is told to `onStatement` as Kysely's are.
 */
export type KeptStatementRunner = (sql: string, parameters: readonly unknown[]) => unknown[];

/** The runner of each SQLite database, by its Kysely adapter (the one object a database's transactions share with it). */
const runners = new WeakMap<object, KeptStatementRunner>();

/** Registers the runner of the SQLite database whose Kysely instance has `adapter`. */
export function keepStatements(adapter: object, run: KeptStatementRunner): void {
  runners.set(adapter, run);
}

/**
 * The kept statements' runner when `executor` is a SQLite transaction, else undefined. In a
 * transaction the one connection is the transaction's until it ends (Kysely's SQLite driver holds
 * its lock meanwhile, and the transaction's statements run one after another), so running a
 * statement on it directly is what Kysely would do, without its promises and connection lookups
 * per statement: a page save runs five statements in its transaction. Outside a transaction a
 * statement must wait for the connection (another may hold it in a transaction), so it goes
 * through Kysely.
 */
export function keptStatementsOf(executor: Kysely<Tables>): KeptStatementRunner | undefined {
  return executor.isTransaction ? runners.get(executor.getExecutor().adapter) : undefined;
}
