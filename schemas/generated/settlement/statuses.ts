/**
 * Generated from schemas/settlement/statuses.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * A document of a document type the flows offer, a page of the claim answered again (a page id of its flow), or a signature.
 *
 * This interface was referenced by `StatusesFile`'s JSON-Schema
 * via the `definition` "cure".
 */
export type Cure =
  | {
      kind: 'document';
      /**
       * A documentType value of the flows (an option of a documentType field, or a records block's fixed documentType).
       */
      documentType: string;
    }
  | {
      kind: 'page';
      /**
       * The id of a page of the claim's flow.
       */
      page: string;
    }
  | {
      kind: 'signature';
    };

/**
 * What a claim goes through after Submit: the statuses an administrator sets (npm run admin -- status, import-statuses) and a claimant sees on the status page, and the kinds of deficiency a deficient claim is told of by e-mail. Optional: without it, or without one of its lists, the product's defaults (docs/configuring.md). The fraud screening is never a status: a held or flagged claim reads as underReview.
 */
export interface StatusesFile {
  $schema?: string;
  /**
   * Every status a claim can have, in the order they are listed to the administrator. "received" (a claim with no change recorded) and "deficient" (the status that carries deficiencies and a cure-by date, and sends the deficiency notice) are required. Default: received, underReview, deficient, cureReceived, approved, denied, paid, withdrawn.
   *
   * @minItems 2
   */
  statuses?: Status[];
  /**
   * What can be missing from a claim, and what curing it asks. Default: missingProofOfPurchase (a proofOfPayment document), unsigned (a signature), receiptMismatch (the repairs page answered again).
   */
  deficiencies?: Deficiency[];
  /**
   * When the administrator sets a claim deficient without --cure-by or --cure-days: the claimant has this many days, counted in the settlement's time zone. Default 30.
   */
  cureDays?: number;
}
/**
 * This interface was referenced by `StatusesFile`'s JSON-Schema
 * via the `definition` "status".
 */
export interface Status {
  /**
   * The status as the administrator types it and the export shows it (e.g. "approved").
   */
  id: string;
  /**
   * The localization key of the status as the claimant reads it (e.g. "Approved").
   */
  labelKey: string;
  /**
   * The localization key of what the claimant is told happens next in this status.
   */
  nextKey: string;
}
/**
 * This interface was referenced by `StatusesFile`'s JSON-Schema
 * via the `definition` "deficiency".
 */
export interface Deficiency {
  /**
   * The kind as the administrator types it (--deficiency, the CSV's deficiencies column).
   */
  id: string;
  /**
   * The localization key of what is missing, as the claimant reads it in the notice and on the status page.
   */
  textKey: string;
  cure: Cure;
}
