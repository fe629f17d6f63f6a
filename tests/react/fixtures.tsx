import { useState, useSyncExternalStore } from 'react';
import { createIdSource, initStore } from '../../runtime/core/models';
import type { FieldWidgetProps } from '../../runtime/widgets/types';
import type { DocumentFile, DocumentUpload, ModelStoreState, PageConfig, RecordsBlock } from '../../runtime/core/types';
import { whenUploaded } from '../../runtime/app/forms/documentUploads';
import { REGISTRIES } from '../../runtime/app/forms/registries';
import { PageRenderer, type PageRendererProps } from '../../runtime/react';
import { CONFIGS, makeT, NOW } from '../core/view/fixtures';

export { CONFIGS, makeT, NOW, page } from '../core/view/fixtures';

/** A documents records block: a type and a file, each saved document listed by type and name. */
export const DOCUMENTS_BLOCK: RecordsBlock = {
  block: 'records',
  model: 'DocumentContexts',
  kind: 'file',
  startDraft: true,
  fields: [
    { key: 'documentType', widget: 'select', label: 'Type', options: [{ value: 'other', label: 'Other' }] },
    { key: 'file', widget: 'file', label: 'File' },
  ],
  displayFields: ['documentType', 'name'],
};

export function widgetProps(over: Partial<FieldWidgetProps> = {}): FieldWidgetProps {
  return { componentName: 'text', id: 'f', name: 'f', label: 'Field', value: null, required: false, errors: [], onChange: () => {}, ...over };
}

export interface HarnessProps extends Partial<Omit<PageRendererProps, 'store' | 'storeSource' | 'onStoreChange'>> {
  page: PageConfig;
  initial?: ModelStoreState;
  onStore?: (s: ModelStoreState) => void;
  onDocs?: (d: DocumentFile[]) => void;
  /** The upload a newly chosen document is given, as the app's uploads give it (none: not uploaded). */
  uploadOfNew?: DocumentUpload;
  /** The owner of the chosen documents, as the app's form session is (its uploads answered by the test); default React state. */
  owner?: DocumentsOwner;
}

/** The chosen documents kept outside React, as the app's form session keeps them: a test answers their uploads. */
export interface DocumentsOwner {
  readonly documents: DocumentFile[];
  setDocuments(next: DocumentFile[]): void;
  subscribeDocuments(listener: () => void): () => void;
  /** Every upload still in flight answers with `upload` (stored or failed). */
  answer(upload: DocumentUpload): void;
}

export function documentsOwner(): DocumentsOwner {
  let documents: DocumentFile[] = [];
  const listeners = new Set<() => void>();
  const owner: DocumentsOwner = {
    get documents() {
      return documents;
    },
    setDocuments(next) {
      documents = next;
      for (const listener of [...listeners]) listener();
    },
    subscribeDocuments(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer(upload) {
      owner.setDocuments(documents.map((d) => (d.upload?.state === 'uploading' ? { ...d, upload } : d)));
    },
  };
  return owner;
}

const NO_OWNER = documentsOwner();

/** The renderer with its store kept in React state, and its documents there or by the given owner, as the app keeps them. */
export function Harness({ initial, onStore, onDocs, uploadOfNew, owner, ...rest }: HarnessProps) {
  const [store, setStore] = useState<ModelStoreState>(() => initial ?? initStore(CONFIGS, 'Automotive', createIdSource(() => 0.5)));
  const [kept, setKept] = useState<DocumentFile[]>([]);
  const owned = useSyncExternalStore((owner ?? NO_OWNER).subscribeDocuments, () => (owner ?? NO_OWNER).documents);
  const documents = owner ? owned : kept;
  const setDocuments = owner ? owner.setDocuments : setKept;
  return (
    <PageRenderer
      registries={REGISTRIES}
      formType="Automotive"
      modelConfigs={CONFIGS}
      t={makeT()}
      whitelist={null}
      now={NOW}
      hideActions
      {...rest}
      store={store}
      documents={documents}
      {...(owner ? { waitForUploads: (clientIds: readonly string[]) => whenUploaded(owner, clientIds) } : {})}
      onStoreChange={(s) => {
        setStore(s);
        onStore?.(s);
      }}
      onDocumentsChange={(d) => {
        const next = uploadOfNew ? d.map((doc) => (doc.upload ? doc : { ...doc, upload: uploadOfNew })) : d;
        setDocuments(next);
        onDocs?.(next);
      }}
    />
  );
}
