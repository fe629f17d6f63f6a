/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): the route of every call.
 * Do not edit: change the schemas, then run the command again.
 */

/** The calls of the API, by the name of their schema file; `{authorize}` and `{submit}` in a url stand for each flow's endpoints, `{formType}` in a summary for its form type. */
export const API_ROUTES = {
  'authorize': {"method":"POST","url":"{authorize}","summary":"Authorize the {formType} form for this session"},
  'captcha': {"method":"GET","url":"/api/captcha","summary":"The invisible captcha provider, site key, script URL and widget class"},
  'characters-whitelist': {"method":"GET","url":"/api/characters-whitelist","summary":"Characters allowed in free text"},
  'claim-cure': {"method":"POST","url":"/api/claims/cure","summary":"Send what a deficient claim is missing (multipart: referenceCode first, then pageModels (JSON: the models of the pages asked again) when a page is asked, one document per missing document kind named by the kind, and signatureName and signatureAttested when a signature is missing), from a session signed in on the status page for that claim","consumes":["multipart/form-data"]},
  'claim-status': {"method":"POST","url":"/api/claims/status","summary":"A filed claim's status, for its claimant: the reference code and the claim's own sign-in credentials"},
  'csrf': {"method":"GET","url":"/api/csrf","summary":"The CSRF header name and this session's token; creates the session cookie when needed"},
  'culture-content': {"method":"GET","url":"/api/culture/content","summary":"Localized texts of a culture (unknown cultures fall back to their language, then en)"},
  'cure-document-add': {"method":"POST","url":"/api/claims/cure/documents","summary":"Upload a document to the cure in progress of a deficient claim (multipart: referenceCode first, then one file named by the deficiency kind it cures), checked and scanned as a claim's documents are, from a session signed in on the status page for that claim","consumes":["multipart/form-data"]},
  'cure-document-remove': {"method":"DELETE","url":"/api/claims/cure/documents/:id","summary":"Remove a document from the cure in progress of the claim referenceCode names, from a session signed in on the status page for that claim"},
  'cure-progress': {"method":"POST","url":"/api/claims/cure/progress","summary":"Keep the cure in progress of a deficient claim (the answers to the pages asked again, the name typed to sign) to finish later, from a session signed in on the status page for that claim"},
  'deadlines': {"method":"GET","url":"/api/deadlines","summary":"The settlement deadlines"},
  'draft-document-add': {"method":"POST","url":"{submit}/draft/documents","summary":"Add a document to the {formType} claim in progress (multipart: one file, the part named by its document context clientId), checked as the submit checks it","consumes":["multipart/form-data"]},
  'draft-document-remove': {"method":"DELETE","url":"{submit}/draft/documents/:id","summary":"Remove a document from the {formType} claim in progress"},
  'draft-later': {"method":"POST","url":"{submit}/draft/later","summary":"Save the {formType} claim in progress for later, its page pageId as it is (unfinished), and issue a new resume code (the earlier one stops working)"},
  'draft-load': {"method":"GET","url":"{submit}/draft","summary":"The {formType} claim in progress of whom this session is authorized as (also after a new session with the same Notice ID and PIN, or with its resume code)"},
  'draft-save': {"method":"PUT","url":"{submit}/draft","summary":"Save the {formType} claim in progress: the answers of the pages up to and including pageId, checked as the pages check them"},
  'forms-config': {"method":"GET","url":"/api/forms/config","summary":"The model configs of the settlement (metadataHash, metadata, fields with their rules)"},
  'forms-flows': {"method":"GET","url":"/api/forms/flows","summary":"The flow files of the settlement: pages, blocks, fields, skip rules, deadline keys and calls of each form (cacheable; ETag)"},
  'healthz': {"method":"GET","url":"/healthz","summary":"Liveness: the process answers"},
  'keep-alive': {"method":"POST","url":"/api/session/keep-alive","summary":"Activity on the page: extends the session by its idle timeout and answers its new expiry"},
  'readyz': {"method":"GET","url":"/readyz","summary":"Readiness: the database answers and the server is not draining"},
  'resume': {"method":"POST","url":"/api/forms/resume","summary":"The form a resume code belongs to and until when its claim is kept (the claim opens through that form’s authorize, with its credentials and the code)"},
  'session-timeout': {"method":"POST","url":"/api/session-timeout","summary":"Ends the session (authorization of every form); a new one starts with GET /api/csrf"},
  'signature-date': {"method":"GET","url":"/api/signature-date","summary":"Today in the project time zone (Pacific)"},
  'submit': {"method":"POST","url":"{submit}","summary":"Submit the {formType} form (multipart: one part per payload field, JSON text for models, files named by document context clientId)","consumes":["multipart/form-data"]},
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The url of every call alone: what the browser's client takes, without the summaries. */
export const API_URLS = {
  'authorize': "{authorize}",
  'captcha': "/api/captcha",
  'characters-whitelist': "/api/characters-whitelist",
  'claim-cure': "/api/claims/cure",
  'claim-status': "/api/claims/status",
  'csrf': "/api/csrf",
  'culture-content': "/api/culture/content",
  'cure-document-add': "/api/claims/cure/documents",
  'cure-document-remove': "/api/claims/cure/documents/:id",
  'cure-progress': "/api/claims/cure/progress",
  'deadlines': "/api/deadlines",
  'draft-document-add': "{submit}/draft/documents",
  'draft-document-remove': "{submit}/draft/documents/:id",
  'draft-later': "{submit}/draft/later",
  'draft-load': "{submit}/draft",
  'draft-save': "{submit}/draft",
  'forms-config': "/api/forms/config",
  'forms-flows': "/api/forms/flows",
  'healthz': "/healthz",
  'keep-alive': "/api/session/keep-alive",
  'readyz': "/readyz",
  'resume': "/api/forms/resume",
  'session-timeout': "/api/session-timeout",
  'signature-date': "/api/signature-date",
  'submit': "{submit}",
} as const satisfies { [name in ApiRouteName]: string };

/** The answers of shared.schema.json every call gives (the error answer): declared once, and by `$id` in the server's route schemas. */
export const SHARED_ANSWERS = ["ErrorResponse"] as const;
