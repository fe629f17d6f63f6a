/**
 * María García of the sample settlement's class list (server-fixtures/class-members.csv): her
 * credentials and the answers of a complete Automotive claim (one repair with its invoice), by
 * model (dtoMapping). The server tests and the benchmarks build their submissions from these.
 */
import type { FieldValue, FormModel, FormType } from '../../runtime/core/types.js';
import models from '../../server-fixtures/models.json' with { type: 'json' };

export const MARIA = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913' };

type Answers = Record<string, FieldValue>;

export const MARIA_ANSWERS = {
  ClaimantInfo: {
    firstName: 'María',
    middleInitial: null,
    lastName: "García-O'Neil",
    mailingStreetLine1: '1200 Harbor Blvd',
    mailingStreetLine2: null,
    mailingCity: 'Oakland',
    mailingSubDivision: 'CA',
    mailingPostalCode: '94607',
    mailingSubDivisionNonUS: null,
    mailingPostalCodeNonUS: null,
    mailingCountry: 'US',
    emailAddress: 'maria.garcia@example.com',
    phoneNumber: '(510) 555-0142',
    alternatePhoneNumber: null,
  },
  ClaimDetails: {
    ownershipType: 'own',
    acquisitionDate: '03/15/2015',
    isCurrentOwner: 'true',
    disposalDate: null,
    didIncurOutOfPocketExpensesPriorToSeptember: 'true',
  },
  Signature: {
    signature: 'María García',
    signatureDate: '11/25/2026',
    attestation: true,
    confirmEmailAddress: 'maria.garcia@example.com',
    confirmPhoneNumber: '(510) 555-0142',
  },
  /** Her one repair (a ClaimTransactions record). */
  ClaimTransactions: {
    claimTransactionType: 'repair',
    repairDate: '06/10/2016',
    mileageAtRepair: '41200',
    facilityName: 'Bay Motors',
    amountPaid: 1250.5,
    repairDescription: 'Replaced CVT valve body.\nTwo days in the shop.',
    denialDate: null,
    denialReason: null,
  },
} satisfies Record<string, Answers>;

/** The DocumentContexts record of the repair's invoice, a PDF of `size` bytes. */
export function invoiceContext(repairClientId: string, size: number): Answers {
  return { documentType: 'repairInvoice', claimTransactionId: repairClientId, file: 'invoice.pdf', name: 'invoice.pdf', size, type: 'application/pdf' };
}

const CONFIGS = (models as { models: Array<{ metadataHash: string; metadata: { formType: string; dtoMapping: string } }> }).models;

/** A model as the browser sends it: the sample settlement's metadataHash for (formType, dtoMapping), the given clientId and answers. */
export function sampleModel(formType: FormType, dtoMapping: string, fields: Record<string, FieldValue>, clientId: string): FormModel {
  const config = CONFIGS.find((m) => m.metadata.formType === formType && m.metadata.dtoMapping === dtoMapping);
  if (!config) throw new Error(`server-fixtures/models.json has no ${formType}/${dtoMapping}`);
  return {
    id: null,
    clientId,
    metadata: { formType, dtoMapping: dtoMapping[0]!.toLowerCase() + dtoMapping.slice(1) },
    metadataHash: config.metadataHash,
    fields,
  };
}
