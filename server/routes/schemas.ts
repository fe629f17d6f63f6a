/** JSON Schemas shared by the route definitions (request validation and the OpenAPI document). */

export const errorSchema = {
  $id: 'ErrorResponse',
  type: 'object',
  description: 'A catalogued error (server/errors.ts): claimant-facing text in the request culture and a stable code.',
  required: ['error', 'code'],
  properties: { error: { type: 'string' }, code: { type: 'string' } },
} as const;

export const fieldValueSchema = { type: ['string', 'number', 'boolean', 'null'] } as const;

export const formModelSchema = {
  $id: 'FormModel',
  type: 'object',
  description: 'A form model (spec §3): clientId, metadata, metadataHash and field values.',
  required: ['clientId', 'metadata', 'fields'],
  properties: {
    id: { type: ['string', 'null'], maxLength: 100 },
    clientId: { type: 'string', minLength: 1, maxLength: 64 },
    metadata: {
      type: 'object',
      required: ['formType', 'dtoMapping'],
      properties: {
        formType: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]{0,39}$' },
        dtoMapping: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
    metadataHash: { type: 'string', maxLength: 200 },
    fields: { type: 'object', maxProperties: 100, additionalProperties: fieldValueSchema },
  },
} as const;

export const cultureQuerySchema = {
  type: 'object',
  properties: {
    culture: {
      type: 'string',
      pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      description: 'Culture such as en or es; a well-formed unknown culture falls back to en.',
    },
  },
} as const;

/** A 4xx/5xx entry for the OpenAPI document. */
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, { $ref: 'ErrorResponse#' }]));
