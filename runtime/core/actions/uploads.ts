/** The documents a press waits for: shared by the primary button and a record's Save or Upload. */
import type { DocumentFile } from '../types';

/**
 * A press made while documents are still uploading (a record's Upload or Save, Next, Submit):
 * nothing is done yet. The page waits until these uploads have settled, then makes the same press
 * on what they settled to, unless one of them failed (failedUpload). Presses that wait are made in
 * the order they were pressed, so an Upload pressed before Next is saved before Next looks.
 */
export interface WaitForUploads {
  kind: 'waitForUploads';
  /** The client ids of the documents the press waits for. */
  uploads: string[];
}

/** The documents still uploading (among `clientIds`, when given) as the wait of a press; null: the press is made now. */
export function uploadsToWaitFor(documents: readonly DocumentFile[], clientIds?: readonly string[]): WaitForUploads | null {
  const uploads = documents.filter((d) => d.upload?.state === 'uploading' && (clientIds === undefined || clientIds.includes(d.clientId))).map((d) => d.clientId);
  return uploads.length > 0 ? { kind: 'waitForUploads', uploads } : null;
}
