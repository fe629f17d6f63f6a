/**
 * Generated from schemas/api/shared.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "FieldValue".
 */
export type FieldValue = string | number | boolean | null;
/**
 * When the session ends without activity
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "SessionExpiresAt".
 */
export type SessionExpiresAt = string;
/**
 * What authorize prefilled, as it answered it
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "PrepopulatedData".
 */
export type PrepopulatedData = {
  [k: string]: FieldValue;
} | null;

/**
 * The pieces the calls of the claims API share (schemas/api/*.schema.json refer to them).
 */
export interface SharedDefinitions {
  [k: string]: unknown;
}
/**
 * A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code.
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "ErrorResponse".
 */
export interface ErrorResponse {
  error: string;
  code: string;
}
/**
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "FieldValues".
 */
export interface FieldValues {
  [k: string]: FieldValue;
}
/**
 * A form model (spec §3): clientId, metadata, metadataHash and field values.
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "FormModel".
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
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "CultureQuery".
 */
export interface CultureQuery {
  /**
   * Culture such as en or es; a well-formed unknown culture falls back to en.
   */
  culture?: string;
}
/**
 * A document stored with the claim in progress, as the browser is told it (no content, no digest).
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "StoredDocument".
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
/**
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "Status".
 */
export interface Status {
  status: string;
}
/**
 * A document uploaded to a cure in progress, as the browser is told it (no content, no digest).
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "CureUpload".
 */
export interface CureUpload {
  id: number;
  /**
   * The deficiency kind it cures
   */
  deficiency: string;
  /**
   * The clientId of the record of a page asked again it is the file of; absent for a document of a missing kind
   */
  clientId?: string;
  name: string;
  size: number;
  /**
   * The type read from its content
   */
  type: string;
}
/**
 * A cure in progress kept by the server: when it was last kept, the name typed to sign, the documents uploaded (the answers to pages asked again are the status answer's cureAnswers).
 *
 * This interface was referenced by `SharedDefinitions`'s JSON-Schema
 * via the `definition` "CureProgress".
 */
export interface CureProgress {
  savedAt: string;
  signatureName: string | null;
  documents: CureUpload1[];
}
/**
 * A document uploaded to a cure in progress, as the browser is told it (no content, no digest).
 */
export interface CureUpload1 {
  id: number;
  /**
   * The deficiency kind it cures
   */
  deficiency: string;
  /**
   * The clientId of the record of a page asked again it is the file of; absent for a document of a missing kind
   */
  clientId?: string;
  name: string;
  size: number;
  /**
   * The type read from its content
   */
  type: string;
}
