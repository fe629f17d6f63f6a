/**
 * The later scan of the documents accepted unscanned (settings.json `uploads.scanUnavailable:
 * "acceptUnscanned"`, while clamd could not be asked): `npm run admin -- documents
 * --scan-unscanned`. Each document still marked unscanned (filed with a claim, in a claim in
 * progress, sent with a cure) is read from wherever it is stored and streamed to clamd (CLAMD_URL).
 * A clean one loses its mark; one in which clamd finds something keeps it and is listed (by its
 * table and id, with the signature: never its file name) for the administrator's staff to deal
 * with. clamd unavailable stops the scan (ScannerUnavailableError): what was scanned keeps its
 * outcome, and running it again goes on with the rest.
 */
import type { Database, DocumentStoreName } from '../db/types.js';
import { scanWithClamd, type ClamdOptions } from './clamd.js';
import { openDocument, type DocumentStores } from './index.js';

/** The tables whose rows are documents that may be marked unscanned. */
const TABLES = ['documents', 'draft_documents', 'claim_cure_documents'] as const;
type DocumentTable = (typeof TABLES)[number];

const isDocumentStoreName = (store: string): store is DocumentStoreName => store === 'database' || store === 's3';

export interface UnscannedScan {
  /** Documents scanned clean: their mark is gone. */
  clean: number;
  /** Documents clamd found something in: still marked. */
  found: Array<{ table: DocumentTable; id: number; signature: string }>;
}

/** The bytes of one row of `table`: its object, or (documents stored before the document stores) the row's own bytes. */
async function bytesOf(database: Database, stores: DocumentStores, table: DocumentTable, id: number) {
  const { db } = database;
  if (table === 'claim_cure_documents') {
    const row = await db.selectFrom(table).select(['store', 'store_key']).where('id', '=', id).executeTakeFirstOrThrow();
    if (!isDocumentStoreName(row.store)) throw new Error(`${table} ${id} names an unknown document store: ${row.store}`);
    return openDocument(stores, { bytes: null, object: { store: row.store, key: row.store_key } });
  }
  const row = await db.selectFrom(table).select(['store', 'store_key', 'bytes']).where('id', '=', id).executeTakeFirstOrThrow();
  if (row.store === null || row.store_key === null) return openDocument(stores, { bytes: row.bytes, object: null });
  if (!isDocumentStoreName(row.store)) throw new Error(`${table} ${id} names an unknown document store: ${row.store}`);
  return openDocument(stores, { bytes: null, object: { store: row.store, key: row.store_key } });
}

/** Scans every document marked unscanned with `scanner`, one at a time (see above). */
export async function scanUnscannedDocuments(database: Database, stores: DocumentStores, scanner: ClamdOptions): Promise<UnscannedScan> {
  const { db } = database;
  const result: UnscannedScan = { clean: 0, found: [] };
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).select('id').where('unscanned', '=', 1).orderBy('id').execute();
    for (const { id } of rows) {
      const verdict = await scanWithClamd(scanner, await bytesOf(database, stores, table, Number(id)));
      if (verdict.infected) {
        result.found.push({ table, id: Number(id), signature: verdict.signature });
        continue;
      }
      await db.updateTable(table).set({ unscanned: 0 }).where('id', '=', id).execute();
      result.clean += 1;
    }
  }
  return result;
}
