/**
 * Server-side sessions with idle expiry, in the database or in Redis (same contract).
 * The cookie carries the random id; the store keys on its SHA-256, so a leaked table or keyspace
 * does not hand out live sessions.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { randomText } from '../random-text.js';
import { isRecord } from '../../runtime/core/guards.js';
import { remembered } from '../remembered.js';
import { PREPARED } from './prepared.js';
import { parseSessionData, sessionDataFromJson } from './session-data.js';
import { isStatementBatch, runTemplate, statementTemplate } from './statement-batch.js';
import type { Database, Session, SessionData, SessionStore, SessionStoreOptions } from './types.js';

// Compiled once (statement-batch.ts): read or written on nearly every request, and Kysely took
// longer to assemble and compile a statement than the database takes to answer it.
/** A session's row by its id's hash; prepared on PostgreSQL (open.ts PREPARED): planned once per connection. */
const READ = statementTemplate((v) => sql`${sql.raw(PREPARED)}select data, expires_at from sessions where id_hash = ${v(0)}`);
/** A new session's row (values: the id's hash, data, expiry, now). */
const CREATE = statementTemplate((v) => sql`insert into sessions (id_hash, data, expires_at, created_at) values (${v(0)}, ${v(1)}, ${v(2)}, ${v(3)}) returning id_hash`);
/** A session's data and expiry written, unless it expired (values: data, expiry, the id's hash, now). */
const SAVE = statementTemplate((v) => sql`update sessions set data = ${v(0)}, expires_at = ${v(1)} where id_hash = ${v(2)} and expires_at > ${v(3)} returning id_hash`);
/** A session's expiry moved on, unless it expired (values: expiry, the id's hash, now); also a page save's on SQLite (drafts.ts). */
export const TOUCH_SESSION = statementTemplate((v) => sql`update sessions set expires_at = ${v(0)} where id_hash = ${v(1)} and expires_at > ${v(2)} returning id_hash`);
/**
 * One UPDATE renames the row (values: the new id's hash, data, expiry, the old id's hash, now): of
 * two concurrent rotations of one id exactly one changes it, and an expired session is not rotated.
 */
const ROTATE = statementTemplate((v) => sql`update sessions set id_hash = ${v(0)}, data = ${v(1)}, expires_at = ${v(2)} where id_hash = ${v(3)} and expires_at > ${v(4)} returning id_hash`);
/** The same, only when each earlier part of its batch named answered a row (a new token's record, a right PIN let through): by how many. */
const ROTATE_AFTER = [1, 2].map((n) =>
  statementTemplate(
    (v, name) =>
      sql`update sessions set id_hash = ${v(0)}, data = ${v(1)}, expires_at = ${v(2)} where id_hash = ${v(3)} and expires_at > ${v(4)} and ${sql.join(
        Array.from({ length: n }, (_, i) => sql`exists (select 1 from ${name(i)})`),
        sql` and `,
      )} returning id_hash`,
  ),
);
/** A session's row by its id's hash, as a part of a batch (the statement's own text says whether it is prepared). */
const READ_PART = statementTemplate((v) => sql`select data, expires_at from sessions where id_hash = ${v(0)}`);

const noTransactions = () => new Error('Sessions in Redis cannot join a database transaction');

const newSessionId = () => randomText(32);
/** The hashes of the ids seen last (10,000 at most): a session's id is hashed on its read and again on its save or touch, on nearly every request. */
const hashId = remembered(10_000, (id) => createHash('sha256').update(id).digest('hex'));
/** The key of a session's row (what the `sessions` table holds instead of the id). */
export const sessionIdHash = hashId;

/** Sessions in the `sessions` table. */
export function createSessionStore(database: Database, options: SessionStoreOptions): SessionStore {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  const idle = options.idleTimeoutMs;

  async function load(id: string, now: number): Promise<SessionData | null> {
    const row = await db.selectFrom('sessions').select(['data', 'expires_at']).where('id_hash', '=', hashId(id)).executeTakeFirst();
    if (!row) return null;
    if (Number(row.expires_at) <= now) {
      await db.deleteFrom('sessions').where('id_hash', '=', hashId(id)).where('expires_at', '<=', now).execute();
      return null;
    }
    return sessionDataFromJson(row.data);
  }

  return {
    joinsTransactions: true,
    async create(data) {
      const now = clock();
      const id = newSessionId();
      await runTemplate(db, database.dialect, { template: CREATE, values: [hashId(id), JSON.stringify(data), now + idle, now] });
      return { id, data, expiresAt: now + idle };
    },
    async get(id) {
      const now = clock();
      const [row] = await runTemplate<{ data: string; expires_at: number | string }>(db, database.dialect, { template: READ, values: [hashId(id)] });
      if (!row) return null;
      const expiresAt = Number(row.expires_at);
      if (expiresAt <= now) {
        await db.deleteFrom('sessions').where('id_hash', '=', hashId(id)).where('expires_at', '<=', now).execute();
        return null;
      }
      return { id, data: sessionDataFromJson(row.data), expiresAt };
    },
    async getIn(id, batch) {
      const [row] = await batch.add({ template: READ_PART, values: [hashId(id)] }).rows;
      const expiresAt = Number(row?.expires_at);
      if (!row || !(expiresAt > clock()) || typeof row.data !== 'string') return null;
      return { id, data: sessionDataFromJson(row.data), expiresAt };
    },
    async save(id, data, trx) {
      const now = clock();
      return (await runTemplate(trx ?? db, database.dialect, { template: SAVE, values: [JSON.stringify(data), now + idle, hashId(id), now] })).length > 0;
    },
    async touch(id, trx) {
      const now = clock();
      return (await runTemplate(trx ?? db, database.dialect, { template: TOUCH_SESSION, values: [now + idle, hashId(id), now] })).length > 0;
    },
    async destroy(id) {
      await db.deleteFrom('sessions').where('id_hash', '=', hashId(id)).execute();
    },
    async rotate(id, data, trx, after) {
      const now = clock();
      const next = data ?? (await load(id, now));
      if (!next) return null;
      const newId = newSessionId();
      const rotated = { id: newId, data: next, expiresAt: now + idle };
      const values = [hashId(newId), JSON.stringify(next), now + idle, hashId(id), now];
      if (trx && isStatementBatch(trx)) {
        // PostgreSQL: `after`'s rows as the same statement wrote them; SQLite: `after` ran already.
        const afterTemplate = after?.length ? ROTATE_AFTER[after.length - 1] : undefined;
        if (after && after.length && !afterTemplate) throw new Error(`A rotation waits on ${after.length} parts; it can wait on ${ROTATE_AFTER.length} at most.`);
        if (after && !trx.deferred && (await Promise.all(after.map((part) => part.rows))).some((rows) => rows.length === 0)) return null;
        const part = after && afterTemplate && trx.deferred ? { template: afterTemplate, values, names: after.map((p) => p.name) } : { template: ROTATE, values };
        return (await trx.add(part).rows).length > 0 ? rotated : null;
      }
      return (await runTemplate(trx ?? db, database.dialect, { template: ROTATE, values })).length > 0 ? rotated : null;
    },
    async purgeExpired() {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', clock()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

interface RedisSessionValue {
  data: SessionData;
  expiresAt: number;
}

/** A stored Redis value, its data through the session parser; null when it has no expiry (not a session's). */
function parseRedisSessionValue(text: string): RedisSessionValue | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.expiresAt !== 'number') return null;
  return { data: parseSessionData(value.data), expiresAt: value.expiresAt };
}

/**
 * Sessions in Redis under `sess:<sha256>`. The logical expiry is kept in the value and checked
 * against the clock; Redis' own TTL (the idle timeout) removes abandoned keys.
 */
export function createRedisSessionStore(redis: Redis, options: SessionStoreOptions): SessionStore {
  const clock = options.clock ?? Date.now;
  const idle = options.idleTimeoutMs;
  const key = (id: string) => `sess:${hashId(id)}`;

  async function read(id: string, now: number): Promise<RedisSessionValue | null> {
    const raw = await redis.get(key(id));
    if (!raw) return null;
    const value = parseRedisSessionValue(raw);
    if (!value || value.expiresAt <= now) {
      await redis.del(key(id));
      return null;
    }
    return value;
  }
  const write = (id: string, value: RedisSessionValue, mode: 'NX' | 'XX') =>
    mode === 'NX' ? redis.set(key(id), JSON.stringify(value), 'PX', idle, 'NX') : redis.set(key(id), JSON.stringify(value), 'PX', idle, 'XX');

  return {
    joinsTransactions: false,
    async create(data) {
      const id = newSessionId();
      const value = { data, expiresAt: clock() + idle };
      await write(id, value, 'NX');
      return { id, ...value };
    },
    async get(id) {
      const value = await read(id, clock());
      return value ? { id, ...value } : null;
    },
    async save(id, data, trx) {
      if (trx) throw noTransactions();
      const now = clock();
      if (!(await read(id, now))) return false;
      return (await write(id, { data, expiresAt: now + idle }, 'XX')) === 'OK';
    },
    async touch(id, trx) {
      if (trx) throw noTransactions();
      const now = clock();
      const value = await read(id, now);
      if (!value) return false;
      return (await write(id, { data: value.data, expiresAt: now + idle }, 'XX')) === 'OK';
    },
    async destroy(id) {
      await redis.del(key(id));
    },
    async rotate(id, data, trx) {
      if (trx) throw noTransactions();
      const now = clock();
      const current = data ?? (await read(id, now))?.data;
      if (!current) return null;
      const newId = newSessionId();
      const next = { data: current, expiresAt: now + idle };
      // One round trip: the DEL result decides the winner when two rotations of one id race; the
      // loser removes the session it wrote.
      const results = await redis.multi().del(key(id)).set(key(newId), JSON.stringify(next), 'PX', idle, 'NX').exec();
      const [error, removed] = results?.[0] ?? [new Error('Redis MULTI was aborted'), 0];
      if (error) throw error;
      if (Number(removed) === 0) {
        await redis.del(key(newId));
        return null;
      }
      return { id: newId, ...next } satisfies Session;
    },
    async purgeExpired() {
      return 0; // Redis expires keys itself.
    },
  };
}
