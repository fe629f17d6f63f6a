import { useState } from 'react';
import { createIdSource, initStore } from '../../runtime/core/models';
import type { FieldWidgetProps } from '../../runtime/widgets/types';
import type { DocumentFile, ModelConfig, ModelStoreState, PageConfig } from '../../runtime/core/types';
import { PageRenderer, type PageRendererProps } from '../../runtime/react';

/** A translator over a tiny dictionary; a missing key shows the key, {0} placeholders are filled. */
export function makeT(dictionary: Record<string, string> = {}) {
  return (key: string, ...args: Array<string | number>) => {
    const template = dictionary[key];
    if (template === undefined) return key;
    return template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? `{${i}}`));
  };
}

export const NOW = new Date('2026-03-15T18:00:00Z');

export function widgetProps(over: Partial<FieldWidgetProps> = {}): FieldWidgetProps {
  return { componentName: 'text', id: 'f', name: 'f', label: 'Field', value: null, required: false, errors: [], onChange: () => {}, ...over };
}

/** Small model configs in the server's shape. */
export const CONFIGS: ModelConfig[] = [
  {
    metadataHash: 'h1',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimDetails' },
    fields: {
      ownershipType: { dataType: 'string', validations: [{ type: 'required' }] },
      isCurrentOwner: { dataType: 'string', validations: [{ type: 'required' }] },
      disposalDate: { dataType: 'dateTime', validations: [{ type: 'requiredIf', otherProperty: 'isCurrentOwner', value: 'false' }] },
      note: { dataType: 'string', validations: [{ type: 'maxLength', max: 5 }] },
      phone: { dataType: 'string', validations: [] },
    },
  },
  {
    metadataHash: 'h2',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimantInfo' },
    fields: Object.fromEntries(
      ['mailingStreetLine1', 'mailingStreetLine2', 'mailingCity', 'mailingSubDivision', 'mailingPostalCode', 'mailingSubDivisionNonUS', 'mailingPostalCodeNonUS', 'mailingCountry'].map((k) => [
        k,
        { dataType: 'string' as const, validations: k === 'mailingStreetLine1' ? [{ type: 'required' }] : [] },
      ]),
    ),
  },
  {
    metadataHash: 'h3',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimTransactions' },
    fields: {
      claimTransactionType: { dataType: 'string', validations: [{ type: 'required' }] },
      facilityName: { dataType: 'string', validations: [{ type: 'required' }] },
      amountPaid: { dataType: 'string', validations: [] },
    },
  },
  {
    metadataHash: 'h4',
    metadata: { formType: 'Automotive', dtoMapping: 'DocumentContexts' },
    fields: {
      documentType: { dataType: 'string', validations: [{ type: 'required' }] },
      claimTransactionId: { dataType: 'string', validations: [] },
      file: { dataType: 'file', validations: [{ type: 'required' }] },
      name: { dataType: 'string', validations: [] },
      size: { dataType: 'number', validations: [] },
      type: { dataType: 'string', validations: [] },
    },
  },
];

export function page(blocks: PageConfig['blocks'], over: Partial<PageConfig> = {}): PageConfig {
  return { id: 'p1', path: '/automotive/p1', titleKey: 'Title', requiresAuthorization: true, sessionTimeout: true, blocks, ...over };
}

export interface HarnessProps extends Partial<Omit<PageRendererProps, 'store' | 'onStoreChange'>> {
  page: PageConfig;
  initial?: ModelStoreState;
  onStore?: (s: ModelStoreState) => void;
  onDocs?: (d: DocumentFile[]) => void;
}

/** The renderer with its store and documents kept in React state, as the app keeps them. */
export function Harness({ initial, onStore, onDocs, ...rest }: HarnessProps) {
  const [store, setStore] = useState<ModelStoreState>(() => initial ?? initStore(CONFIGS, 'Automotive', createIdSource(() => 0.5)));
  const [documents, setDocuments] = useState<DocumentFile[]>([]);
  return (
    <PageRenderer
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
        setDocuments(d);
        onDocs?.(d);
      }}
    />
  );
}
