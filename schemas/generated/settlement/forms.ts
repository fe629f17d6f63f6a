/**
 * Generated from schemas/settlement/forms.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Which forms the settlement offers, how class members sign in to each, and the class list they sign in against. Optional: without it the settlement has the spec's three forms (Automotive, Lookup, Exclusion), signed in by VIN with an optional Notice ID + PIN.
 */
export interface FormsFile {
  $schema?: string;
  /**
   * The header of class-members.csv: the columns the import reads. The columns named by a credential are matched at sign-in; a `secret` credential's column is stored as a keyed hash only; the others can prefill the claimant's answers.
   */
  classList?: {
    /**
     * Every column of the header; a column the file has and this list does not name is refused.
     *
     * @minItems 1
     */
    columns: string[];
    /**
     * Columns every row must fill (credential columns are required whatever this says).
     */
    required?: string[];
  };
  /**
   * @minItems 1
   */
  forms: Form[];
}
/**
 * This interface was referenced by `FormsFile`'s JSON-Schema
 * via the `definition` "form".
 */
export interface Form {
  /**
   * The form's id: its flow's `formType` and its model configs' `metadata.formType` (e.g. "Claim").
   */
  id: string;
  /**
   * claim: files a claim; lookup: one page that answers whether the credential is in the class list (no submit); exclusion: an opt-out request (its duplicates are told apart from claims).
   */
  kind: 'claim' | 'lookup' | 'exclusion';
  /**
   * The flow file of the form, inside the folder (e.g. "flows/claim.json"); its routes (authorize and submit endpoints, page paths) and deadlineKeys are declared there.
   */
  flow: string;
  /**
   * Three capital letters that start the form's reference codes ("DBC" gives DBC-7K3M9QRT4).
   */
  referencePrefix: string;
  signIn: SignIn;
}
/**
 * This interface was referenced by `FormsFile`'s JSON-Schema
 * via the `definition` "signIn".
 */
export interface SignIn {
  /**
   * The fields of the form's Credentials model the claimant signs in with, and what each is matched against. None: anyone may open the form.
   */
  credentials: Credential[];
  /**
   * Class-list column → the prepopulatedDataKey of the flow's fields it fills once a class member signed in with an identifier (and secret).
   */
  prefill?: {
    [k: string]: string;
  };
}
/**
 * This interface was referenced by `FormsFile`'s JSON-Schema
 * via the `definition` "credential".
 */
export interface Credential {
  /**
   * A field of the form's Credentials model.
   */
  field: string;
  /**
   * vin: a 17-character VIN that must be on the class-vehicle list (class-vehicles.csv); identifier: the class member's row is the one whose `column` holds this value (a Notice ID, a Claim ID); secret: must equal the row's `column` (a PIN, a ZIP code), kept as a keyed hash and locked after settings.pinAttempts.max wrong answers.
   */
  match: 'vin' | 'identifier' | 'secret';
  /**
   * The class-list column matched (identifier and secret).
   */
  column?: string;
  /**
   * identifier only: the claimant may leave it (and its secret) empty and sign in by the VIN alone. Default false.
   */
  optional?: boolean;
  /**
   * vin only: the VIN's 9th character must be its check digit (ISO 3779, 49 CFR 565.15); a VIN typed wrong is refused on the page and by the server before the class-vehicle list is read. Default false.
   */
  checkDigit?: boolean;
}
