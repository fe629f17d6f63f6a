/**
 * Generated from schemas/api/draft-load.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

import type { ErrorResponse } from './shared';

export type FieldValue = string | number | boolean | null;
/**
 * What authorize prefilled, as it answered it
 */
export type PrepopulatedData = {
  [k: string]: FieldValue;
} | null;

/**
 * GET {submit}/draft
 */
export interface DraftLoadRoute {
  response: {
    '200': ClaimInProgress;
    '401': ErrorResponse;
    '503': ErrorResponse;
  };
}
/**
 * The claim in progress: what was saved last, or, before the first save, an empty one (pageId, savedAt and expiresAt null, no models, no documents): with what authorize prefilled and the sign-in answers either way.
 */
export interface ClaimInProgress {
  /**
   * The page saved last; null: nothing saved yet
   */
  pageId: string | null;
  /**
   * Saved for later before pageId was finished: resuming opens pageId itself, and its Next checks it
   */
  pageUnfinished: boolean;
  /**
   * The records being typed on pageId when it was saved, not saved yet: its page opens them again as typed
   */
  openRecords: FormModel[];
  models: FormModel[];
  /**
   * null: nothing saved yet
   */
  savedAt: string | null;
  /**
   * When the draft is deleted unless saved again; null: nothing saved yet
   */
  expiresAt: string | null;
  /**
   * The documents stored with the claim in progress (no content)
   */
  documents: StoredDocument[];
  prepopulatedData: PrepopulatedData;
  /**
   * The sign-in answers the session is authorized with, by the fields the form declares (never the secret)
   */
  credentials: {
    [k: string]: string | null;
  };
}
/**
 * A form model (spec §3): clientId, metadata, metadataHash and field values.
 */
export interface FormModel {
  id?: string | null;
  clientId: string;
  metadata: {
    formType: string;
    dtoMapping: string;
  };
  metadataHash?: string;
  fields: {
    [k: string]: FieldValue;
  };
}
/**
 * A document stored with the claim in progress, as the browser is told it (no content, no digest).
 */
export interface StoredDocument {
  id: number;
  /**
   * The clientId of its DocumentContexts model
   */
  clientId: string;
  name: string;
  size: number;
  /**
   * The type read from its content
   */
  type: string;
}
