import { useState } from 'react';
import { createIdSource, initStore } from '../../runtime/core/models';
import type { FieldWidgetProps } from '../../runtime/widgets/types';
import type { DocumentFile, DocumentUpload, ModelStoreState, PageConfig } from '../../runtime/core/types';
import { REGISTRIES } from '../../runtime/app/forms/registries';
import { PageRenderer, type PageRendererProps } from '../../runtime/react';
import { CONFIGS, makeT, NOW } from '../core/view/fixtures';

export { CONFIGS, makeT, NOW, page } from '../core/view/fixtures';

export function widgetProps(over: Partial<FieldWidgetProps> = {}): FieldWidgetProps {
  return { componentName: 'text', id: 'f', name: 'f', label: 'Field', value: null, required: false, errors: [], onChange: () => {}, ...over };
}

export interface HarnessProps extends Partial<Omit<PageRendererProps, 'store' | 'onStoreChange'>> {
  page: PageConfig;
  initial?: ModelStoreState;
  onStore?: (s: ModelStoreState) => void;
  onDocs?: (d: DocumentFile[]) => void;
  /** The upload a newly chosen document is given, as the app's uploads give it (none: not uploaded). */
  uploadOfNew?: DocumentUpload;
}

/** The renderer with its store and documents kept in React state, as the app keeps them. */
export function Harness({ initial, onStore, onDocs, uploadOfNew, ...rest }: HarnessProps) {
  const [store, setStore] = useState<ModelStoreState>(() => initial ?? initStore(CONFIGS, 'Automotive', createIdSource(() => 0.5)));
  const [documents, setDocuments] = useState<DocumentFile[]>([]);
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
