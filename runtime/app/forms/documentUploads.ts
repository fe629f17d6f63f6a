import type { ApiResult, StoredDocument } from '../../core/api';
import type { DocumentFile, DocumentUpload, FormModel } from '../../core/types';
import type { AppApi } from '../api';
import type { ChosenDocuments, FormSession } from './formSessions';

/** The same chosen file of the same document (a replaced or removed one is not). */
const sameFile = (a: DocumentFile, b: DocumentFile) => a.clientId === b.clientId && a.data === b.data;

/** Where a form's documents are uploaded on add and removed from: the claim in progress, or a cure in progress. */
export interface DocumentTarget {
  add(doc: DocumentFile, culture: string, onProgress: (sent: number, total: number) => void): Promise<ApiResult<{ id: number }>>;
  remove(id: number): void;
}

/** The claim in progress of a form: its draft's documents (POST and DELETE …/draft/documents). */
export const draftDocuments = (api: AppApi, formType: FormSession['formType']): DocumentTarget => ({
  add: (doc, culture, onProgress) => api.addDocument(formType, doc, culture, onProgress),
  remove: (id) => void api.removeDocument(formType, id),
});

/** The cure in progress of the claim `referenceCode` names: each record's document by its client id (POST and DELETE /api/claims/cure/documents). */
export const cureDocuments = (api: AppApi, referenceCode: string): DocumentTarget => ({
  add: (doc, culture, onProgress) =>
    api.addCureDocument(referenceCode, doc.clientId, { name: doc.name, data: doc.data instanceof Blob ? doc.data : new Blob([new Uint8Array(doc.data)], { type: doc.type }) }, culture, onProgress),
  remove: (id) => void api.removeCureDocument(referenceCode, id),
});

/**
 * The documents of a form change (a file chosen, a document cancelled or deleted): each new file
 * uploads at once to `target` (the claim in progress, a cure in progress), its progress and
 * outcome kept on it (the file widget shows them); a stored document no longer chosen is removed
 * from the server. A document removed while it was uploading is removed once its upload answers.
 */
export function changeDocuments(session: Pick<ChosenDocuments, 'documents' | 'setDocuments'>, target: DocumentTarget, culture: () => string, next: DocumentFile[]): void {
  for (const old of session.documents) {
    if (old.upload?.id != null && !next.some((d) => sameFile(d, old))) target.remove(old.upload.id);
  }
  const started: DocumentFile[] = next.map((d) => (d.upload ? d : { ...d, upload: { state: 'uploading', sent: 0, total: d.size, id: null, error: null } }));
  session.setDocuments(started);
  for (const doc of started) if (!next.includes(doc)) void upload(session, target, culture(), doc);
}

async function upload(session: Pick<ChosenDocuments, 'documents' | 'setDocuments'>, target: DocumentTarget, culture: string, doc: DocumentFile): Promise<void> {
  const update = (change: Partial<DocumentUpload>) => {
    if (!session.documents.some((d) => sameFile(d, doc))) return false;
    session.setDocuments(session.documents.map((d) => (sameFile(d, doc) && d.upload ? { ...d, upload: { ...d.upload, ...change } } : d)));
    return true;
  };
  const result = await target.add(doc, culture, (sent, total) => update({ sent, total: total || doc.size }));
  if (result.ok) {
    const kept = update({ state: 'stored', id: result.data.id, sent: doc.size, total: doc.size });
    if (!kept) target.remove(result.data.id);
    return;
  }
  // The server's words naming the document, or the localization key of a failed upload.
  update({ state: 'failed', error: result.errorKey ?? result.error });
}

/**
 * Resolves once none of these documents is uploading any more (stored, failed, removed, or
 * replaced by a file whose upload has answered too), with the documents as they are then: a press
 * made while they upload waits for this, then goes on with what they settled to.
 */
export function whenUploaded(session: Pick<FormSession, 'documents' | 'subscribeDocuments'>, clientIds: readonly string[]): Promise<DocumentFile[]> {
  const uploading = () => session.documents.some((d) => clientIds.includes(d.clientId) && d.upload?.state === 'uploading');
  return new Promise((resolve) => {
    if (!uploading()) {
      resolve(session.documents);
      return;
    }
    const stop = session.subscribeDocuments(() => {
      if (uploading()) return;
      stop();
      resolve(session.documents);
    });
  });
}

/**
 * After a reload (a cure signed in to again): the documents stored with the claim in progress (the
 * cure in progress), as chosen documents of the restored records (no content in the browser: the
 * server files them with the claim, the cure). A stored
 * document whose record was not saved before the reload is removed from the server, so that its
 * name and size no longer count.
 */
export function restoreDocuments(session: Pick<ChosenDocuments, 'setDocuments'>, target: DocumentTarget, stored: readonly Pick<StoredDocument, 'id' | 'clientId' | 'name' | 'size' | 'type'>[], models: readonly FormModel[]): void {
  const contexts = new Set(models.map((m) => m.clientId));
  const restored: DocumentFile[] = [];
  for (const d of stored) {
    if (!contexts.has(d.clientId)) {
      target.remove(d.id);
      continue;
    }
    restored.push({ clientId: d.clientId, name: d.name, size: d.size, type: d.type, data: new Uint8Array(0), upload: { state: 'stored', sent: d.size, total: d.size, id: d.id, error: null } });
  }
  session.setDocuments(restored);
}

/** The files a submit sends itself: those not stored with the claim in progress (the server attaches those). */
export const filesToSend = (documents: readonly DocumentFile[]) => documents.filter((d) => d.upload?.state !== 'stored');
