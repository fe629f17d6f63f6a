/**
 * The server's one error catalogue: every error a response can carry, with a stable code, an HTTP
 * status and the claimant-facing text by localization key (English and Spanish; a key present in
 * locales/{culture}.json wins). Routes and plugins raise `httpError('CODE')`; the error handler in
 * plugins/app/error-handler.ts turns it into `{ error, code }` (plus the form call's own fields).
 * Nothing else writes an error body, so no stack trace, SQL or internal message reaches a client.
 */
import type { SubmitFieldError } from '../runtime/core/types.js';

export interface CatalogueEntry {
  status: number;
  key: string;
  en: string;
  es: string;
}

export const SERVER_ERRORS = {
  // --- The request itself -------------------------------------------------------------------------
  BAD_REQUEST: {
    status: 400,
    key: 'LocKey_Server_BadRequest',
    en: 'The request could not be read. Please reload the page and try again.',
    es: 'No se pudo leer la solicitud. Vuelva a cargar la página e inténtelo de nuevo.',
  },
  MALFORMED_JSON: {
    status: 400,
    key: 'LocKey_Server_MalformedJson',
    en: 'The request could not be read (malformed JSON). Please reload the page and try again.',
    es: 'No se pudo leer la solicitud (JSON mal formado). Vuelva a cargar la página e inténtelo de nuevo.',
  },
  MALFORMED_MULTIPART: {
    status: 400,
    key: 'LocKey_Server_MalformedMultipart',
    en: 'The submission could not be read. Please reload the page and submit again.',
    es: 'No se pudo leer el envío. Vuelva a cargar la página y envíelo de nuevo.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    key: 'LocKey_Server_UnsupportedMediaType',
    en: 'This kind of request body is not accepted here.',
    es: 'Este tipo de contenido no se acepta aquí.',
  },
  BODY_TOO_LARGE: {
    status: 413,
    key: 'LocKey_Server_BodyTooLarge',
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    key: 'LocKey_Server_RequestTimeout',
    en: 'The request took too long to arrive. Please check your connection and try again.',
    es: 'La solicitud tardó demasiado en llegar. Compruebe su conexión e inténtelo de nuevo.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    key: 'LocKey_Server_HeadersTooLarge',
    en: "The request was too large to read. Please clear this site's cookies, reload the page and try again.",
    es: 'La solicitud era demasiado grande para leerla. Borre las cookies de este sitio, vuelva a cargar la página e inténtelo de nuevo.',
  },
  NOT_FOUND: {
    status: 404,
    key: 'LocKey_Server_NotFound',
    en: 'Not found.',
    es: 'No encontrado.',
  },
  UNKNOWN_CULTURE: {
    status: 400,
    key: 'LocKey_Server_UnknownCulture',
    en: 'This language is not available.',
    es: 'Este idioma no está disponible.',
  },
  RATE_LIMITED: {
    status: 429,
    key: 'LocKey_Server_RateLimited',
    en: 'Too many requests. Please wait a few minutes and try again.',
    es: 'Demasiadas solicitudes. Espere unos minutos e inténtelo de nuevo.',
  },

  // --- Session, CSRF, authorization ---------------------------------------------------------------
  CSRF_INVALID: {
    status: 403,
    key: 'LocKey_Server_CsrfInvalid',
    en: 'Your page has expired. Please reload the page and try again.',
    es: 'Su página ha caducado. Vuelva a cargarla e inténtelo de nuevo.',
  },
  NOT_AUTHORIZED: {
    status: 401,
    key: 'LocKey_Server_NotAuthorized',
    en: 'Your session has expired. Please start again from the first page.',
    es: 'Su sesión ha caducado. Vuelva a empezar desde la primera página.',
  },
  WRONG_PIN: {
    status: 401,
    key: 'LocKey_Server_WrongPin',
    en: 'The Notice ID and PIN do not match our records for this VIN. Please check the notice you received.',
    es: 'El ID de aviso y el PIN no coinciden con nuestros registros para este VIN. Revise el aviso que recibió.',
  },
  TOO_MANY_PIN_ATTEMPTS: {
    status: 429,
    key: 'LocKey_Server_TooManyPinAttempts',
    en: 'Too many incorrect PIN attempts. Please wait {0} min and try again, or contact the Settlement Administrator.',
    es: 'Demasiados intentos de PIN incorrectos. Espere {0} min e inténtelo de nuevo, o comuníquese con el Administrador del Acuerdo.',
  },
  SIGN_IN_NOT_MATCHED: {
    status: 401,
    key: 'LocKey_Server_SignInNotMatched',
    en: 'What you entered does not match our records. Please check the notice you received.',
    es: 'Lo que introdujo no coincide con nuestros registros. Revise el aviso que recibió.',
  },
  TOO_MANY_SIGN_IN_ATTEMPTS: {
    status: 429,
    key: 'LocKey_Server_TooManySignInAttempts',
    en: 'Too many incorrect attempts. Please wait {0} min and try again, or contact the Settlement Administrator.',
    es: 'Demasiados intentos incorrectos. Espere {0} min e inténtelo de nuevo, o comuníquese con el Administrador del Acuerdo.',
  },
  INVALID_SIGN_IN: {
    status: 400,
    key: 'LocKey_Server_InvalidSignIn',
    en: 'Please enter the details from the notice you received.',
    es: 'Introduzca los datos del aviso que recibió.',
  },
  NOT_CLASS_MEMBER: {
    status: 200,
    key: 'LocKey_Server_NotClassMember',
    en: 'We could not find this in the class list of this settlement. Please check what you entered.',
    es: 'No encontramos este dato en la lista del grupo de este acuerdo. Revise lo que introdujo.',
  },
  NOT_CLASS_VEHICLE: {
    status: 200,
    key: 'LocKey_Server_NotClassVehicle',
    en: 'This VIN is not a class vehicle in this settlement. Please check the VIN you entered.',
    es: 'Este VIN no corresponde a un vehículo del grupo de este acuerdo. Revise el VIN que introdujo.',
  },
  VIN_CHECK_DIGIT: {
    status: 400,
    key: 'LocKey_Server_VinCheckDigit',
    en: 'This VIN has a typing error: its 9th character does not match the others. Please check the VIN on your vehicle or its papers and enter it again.',
    es: 'Este VIN tiene un error de escritura: su noveno carácter no coincide con los demás. Revise el VIN en su vehículo o en sus documentos e introdúzcalo de nuevo.',
  },
  INVALID_CREDENTIALS: {
    status: 400,
    key: 'LocKey_Server_InvalidCredentials',
    en: 'Please enter a valid 17-character VIN.',
    es: 'Introduzca un VIN válido de 17 caracteres.',
  },
  DEADLINE_PASSED: {
    status: 403,
    key: 'LocKey_Server_DeadlinePassed',
    en: 'The deadline for this form has passed.',
    es: 'El plazo para este formulario ha vencido.',
  },

  // --- Captcha ------------------------------------------------------------------------------------
  CAPTCHA_REQUIRED: {
    status: 400,
    key: 'LocKey_Server_CaptchaRequired',
    en: 'Please complete the security check and try again.',
    es: 'Complete la verificación de seguridad e inténtelo de nuevo.',
  },
  CAPTCHA_FAILED: {
    status: 400,
    key: 'LocKey_Server_CaptchaFailed',
    en: 'The security check could not be verified. Please try again.',
    es: 'No se pudo verificar la comprobación de seguridad. Inténtelo de nuevo.',
  },
  CAPTCHA_RAW_INVALID: {
    status: 400,
    key: 'LocKey_Server_CaptchaRawInvalid',
    en: 'Your session could not be confirmed. Please start again from the first page.',
    es: 'No se pudo confirmar su sesión. Vuelva a empezar desde la primera página.',
  },

  // --- Submission ---------------------------------------------------------------------------------
  VALIDATION_FAILED: {
    status: 400,
    key: 'LocKey_Server_ValidationFailed',
    en: 'Some answers need your attention:',
    es: 'Algunas respuestas requieren su atención:',
  },
  STRUCTURE_INVALID: {
    status: 400,
    key: 'LocKey_Server_StructureInvalid',
    en: 'The submission is incomplete or inconsistent. Please review your answers and submit again:',
    es: 'El envío está incompleto o es incoherente. Revise sus respuestas y envíelo de nuevo:',
  },
  FILE_TOO_LARGE: {
    status: 413,
    key: 'LocKey_Server_FileTooLarge',
    en: 'A document is larger than the allowed size. Each document may be at most {0}; all documents together at most {1}.',
    es: 'Un documento supera el tamaño permitido. Cada documento puede tener como máximo {0}; todos juntos, {1}.',
  },
  FILE_TYPE_NOT_ALLOWED: {
    status: 400,
    key: 'LocKey_Server_FileTypeNotAllowed',
    en: 'The document "{0}" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.',
    es: 'El documento "{0}" no es un archivo PDF, JPEG, PNG, HEIC o TIFF. Suba uno de esos tipos.',
  },
  FILE_DAMAGED: {
    status: 400,
    key: 'LocKey_Server_FileDamaged',
    en: 'The document "{0}" is damaged or is not the kind of file it appears to be. Please save it again as a PDF, JPEG, PNG, HEIC or TIFF file and upload it.',
    es: 'El documento "{0}" está dañado o no es el tipo de archivo que parece. Guárdelo de nuevo como archivo PDF, JPEG, PNG, HEIC o TIFF y súbalo.',
  },
  DOCUMENT_INFECTED: {
    status: 400,
    key: 'LocKey_Server_DocumentInfected',
    en: 'The document "{0}" cannot be accepted because a security check found a problem with the file. Please send another copy of the document, for example saved again from the original or scanned again.',
    es: 'El documento "{0}" no se puede aceptar porque un control de seguridad encontró un problema en el archivo. Envíe otra copia del documento, por ejemplo guardada de nuevo desde el original o escaneada de nuevo.',
  },
  FILE_WITHOUT_CONTEXT: {
    status: 400,
    key: 'LocKey_Server_FileWithoutContext',
    en: 'A document was sent without its document details. Please remove it and upload it again.',
    es: 'Se envió un documento sin sus datos. Elimínelo y vuelva a subirlo.',
  },
  TOO_MANY_PARTS: {
    status: 413,
    key: 'LocKey_Server_TooManyParts',
    en: 'The submission has too many documents or fields. Please remove some documents and submit again.',
    es: 'El envío tiene demasiados documentos o campos. Elimine algunos documentos y envíelo de nuevo.',
  },

  CREDENTIALS_CHANGED: {
    status: 400,
    key: 'LocKey_Server_CredentialsChanged',
    en: 'The VIN or Notice ID in this form is not the one you started with. Please start again from the first page.',
    es: 'El VIN o el ID de aviso de este formulario no es el que usó al comenzar. Vuelva a empezar desde la primera página.',
  },

  SIGN_IN_CHANGED: {
    status: 400,
    key: 'LocKey_Server_SignInChanged',
    en: 'The sign-in details in this form are not the ones you started with. Please start again from the first page.',
    es: 'Los datos de acceso de este formulario no son los que usó al comenzar. Vuelva a empezar desde la primera página.',
  },

  TAB_SIGNED_OUT: {
    status: 400,
    key: 'LocKey_Server_TabSignedOut',
    en: 'This tab is no longer signed in: this claim was opened in too many tabs, or you signed in again in another tab. The answers you saved are kept: sign in again with the same details to continue where you left off.',
    es: 'Esta pestaña ya no tiene la sesión iniciada: este reclamo se abrió en demasiadas pestañas, o usted inició sesión de nuevo en otra pestaña. Las respuestas que guardó se conservan: inicie sesión de nuevo con los mismos datos para continuar donde lo dejó.',
  },

  // --- The claim in progress ---------------------------------------------------------------------
  PAGE_NOT_REACHED: {
    status: 400,
    key: 'LocKey_Server_PageNotReached',
    en: 'Your answers do not lead to this page, so it was not saved. Please go back to the previous page.',
    es: 'Sus respuestas no llevan a esta página, por lo que no se guardó. Vuelva a la página anterior.',
  },
  DOCUMENT_TOO_LARGE: {
    status: 413,
    key: 'LocKey_Server_DocumentTooLarge',
    en: 'The document "{0}" is larger than {1}. Please upload a smaller file, for example a photo taken at a lower resolution.',
    es: 'El documento "{0}" supera {1}. Suba un archivo más pequeño, por ejemplo una foto tomada con menos resolución.',
  },
  DOCUMENTS_TOTAL_TOO_LARGE: {
    status: 413,
    key: 'LocKey_Server_DocumentsTotalTooLarge',
    en: 'The document "{0}" was not added: all documents together may be at most {1}. Please remove a document or upload a smaller file.',
    es: 'El documento "{0}" no se agregó: todos los documentos juntos pueden tener como máximo {1}. Elimine un documento o suba un archivo más pequeño.',
  },
  DOCUMENT_NAME_TAKEN: {
    status: 409,
    key: 'LocKey_Server_DocumentNameTaken',
    // The spec's words (LocKey_Validation_FileExists), shown on the document they concern.
    en: 'A file with this name has already been uploaded.',
    es: 'Ya se cargó un archivo con este nombre.',
  },
  DRAFT_NOT_FOUND: {
    status: 404,
    key: 'LocKey_Server_DraftNotFound',
    en: 'There is no saved form in progress for these details. Please start from the first page.',
    es: 'No hay ningún formulario en curso guardado con estos datos. Empiece desde la primera página.',
  },

  RESUME_CODE_UNKNOWN: {
    status: 404,
    key: 'LocKey_Server_ResumeCodeUnknown',
    en: 'We could not find a saved claim with this resume code. Please check the code (it has 12 letters and numbers) and try again. A code stops working once its claim is submitted.',
    es: 'No encontramos un reclamo guardado con este código de reanudación. Revise el código (tiene 12 letras y números) e inténtelo de nuevo. Un código deja de funcionar cuando se envía su reclamo.',
  },
  RESUME_CODE_EXPIRED: {
    status: 410,
    key: 'LocKey_Server_ResumeCodeExpired',
    en: 'This resume code has expired: the saved claim was kept for a limited time after it was last saved. Please start a new claim from the first page.',
    es: 'Este código de reanudación ha caducado: el reclamo guardado se conservó por un tiempo limitado después de la última vez que se guardó. Empiece un nuevo reclamo desde la primera página.',
  },
  RESUME_CODE_MISMATCH: {
    status: 403,
    key: 'LocKey_Server_ResumeCodeMismatch',
    en: 'This resume code does not belong to the details you entered. Please sign in with the same details as when you saved your claim.',
    es: 'Este código de reanudación no corresponde a los datos que ingresó. Inicie sesión con los mismos datos que cuando guardó su reclamo.',
  },
  TOO_MANY_RESUME_ATTEMPTS: {
    status: 429,
    key: 'LocKey_Server_TooManyResumeAttempts',
    en: 'Too many incorrect resume code attempts. Please wait {0} min and try again, or contact the Settlement Administrator.',
    es: 'Demasiados intentos incorrectos con el código de reanudación. Espere {0} min e inténtelo de nuevo, o comuníquese con el Administrador del Acuerdo.',
  },

  // Told alike whether the reference code names no claim or the details are not the claim's: a refusal never tells whether a claim exists.
  CLAIM_STATUS_NOT_MATCHED: {
    status: 404,
    key: 'LocKey_Server_ClaimStatusNotMatched',
    en: 'We could not find a claim with this reference code and these details. Please check the reference code on your confirmation or receipt, and enter the same details you signed in with when you filed.',
    es: 'No encontramos un reclamo con este código de referencia y estos datos. Revise el código de referencia de su confirmación o recibo e ingrese los mismos datos con los que inició sesión al presentarlo.',
  },
  TOO_MANY_CLAIM_STATUS_ATTEMPTS: {
    status: 429,
    key: 'LocKey_Server_TooManyClaimStatusAttempts',
    en: 'Too many attempts to see a claim status. Please wait {0} min and try again, or contact the Settlement Administrator.',
    es: 'Demasiados intentos de consultar el estado de un reclamo. Espere {0} min e inténtelo de nuevo, o comuníquese con el Administrador del Acuerdo.',
  },

  CURE_NOT_SIGNED_IN: {
    status: 403,
    key: 'LocKey_Server_CureNotSignedIn',
    en: 'To send what is missing, first see your claim status with your reference code and the details you signed in with.',
    es: 'Para enviar lo que falta, primero consulte el estado de su reclamo con su código de referencia y los datos con los que inició sesión.',
  },
  CURE_NOT_DEFICIENT: {
    status: 409,
    key: 'LocKey_Server_CureNotDeficient',
    en: 'Nothing is missing from this claim now: its status has changed. Check its status again.',
    es: 'Ya no falta nada en este reclamo: su estado cambió. Consulte su estado de nuevo.',
  },
  CURE_DATE_PASSED: {
    status: 409,
    key: 'LocKey_Server_CureDatePassed',
    en: 'The date to send what is missing has passed, and it can no longer be sent online. Please contact the Settlement Administrator.',
    es: 'La fecha para enviar lo que falta ya pasó y ya no se puede enviar en línea. Comuníquese con el Administrador del Acuerdo.',
  },
  CURE_PAGE_UNSUPPORTED: {
    status: 409,
    key: 'LocKey_Server_CurePageUnsupported',
    en: 'Part of what is missing must be answered again on a page of your claim, which cannot be done online. Please contact the Settlement Administrator.',
    es: 'Parte de lo que falta debe responderse de nuevo en una página de su reclamo, lo que no se puede hacer en línea. Comuníquese con el Administrador del Acuerdo.',
  },
  CURE_DOCUMENT_MISSING: {
    status: 400,
    key: 'LocKey_Server_CureDocumentMissing',
    en: 'Add the document that is missing: {0}.',
    es: 'Agregue el documento que falta: {0}.',
  },
  CURE_SIGNATURE_MISSING: {
    status: 400,
    key: 'LocKey_Server_CureSignatureMissing',
    en: 'Type your full name to sign, and check the box to confirm.',
    es: 'Escriba su nombre completo para firmar y marque la casilla para confirmar.',
  },

  // --- Duplicates ---------------------------------------------------------------------------------
  ALREADY_SUBMITTED: {
    status: 409,
    key: 'LocKey_Server_AlreadySubmitted',
    en: 'This form has already been submitted; its reference code is {0}. The changes you made since were not saved. To change your submission, contact the Settlement Administrator.',
    es: 'Este formulario ya se envió; su código de referencia es {0}. Los cambios que hizo después no se guardaron. Para modificar su envío, comuníquese con el Administrador del Acuerdo.',
  },
  DUPLICATE_CLAIM: {
    status: 409,
    key: 'LocKey_Server_DuplicateClaim',
    en: 'A claim has already been filed for this class member, and only one is accepted. If you did not file it, or you need to change it, contact the Settlement Administrator.',
    es: 'Ya se presentó un reclamo para este miembro del grupo y solo se acepta uno. Si usted no lo presentó o necesita modificarlo, comuníquese con el Administrador del Acuerdo.',
  },
  DUPLICATE_EXCLUSION: {
    status: 409,
    key: 'LocKey_Server_DuplicateExclusion',
    en: 'An exclusion request has already been filed for this class member, and only one is accepted. If you did not file it, or you need to change it, contact the Settlement Administrator.',
    es: 'Ya se presentó una solicitud de exclusión para este miembro del grupo y solo se acepta una. Si usted no la presentó o necesita modificarla, comuníquese con el Administrador del Acuerdo.',
  },
  CLAIM_AFTER_EXCLUSION: {
    status: 409,
    key: 'LocKey_Server_ClaimAfterExclusion',
    en: 'An exclusion request has already been filed for this class member, so a claim cannot be filed. If you want to withdraw the exclusion request and file a claim instead, contact the Settlement Administrator.',
    es: 'Ya se presentó una solicitud de exclusión para este miembro del grupo, por lo que no se puede presentar un reclamo. Si desea retirar la solicitud de exclusión y presentar un reclamo, comuníquese con el Administrador del Acuerdo.',
  },
  EXCLUSION_AFTER_CLAIM: {
    status: 409,
    key: 'LocKey_Server_ExclusionAfterClaim',
    en: 'A claim has already been filed for this class member, so an exclusion request cannot be filed. If you want to withdraw the claim and exclude yourself instead, contact the Settlement Administrator.',
    es: 'Ya se presentó un reclamo para este miembro del grupo, por lo que no se puede presentar una solicitud de exclusión. Si desea retirar el reclamo y excluirse, comuníquese con el Administrador del Acuerdo.',
  },

  // Told at sign-in, to the claimant who filed (the same Notice ID and PIN): the reference code {0}.
  ALREADY_FILED_CLAIM: {
    status: 200,
    key: 'LocKey_Server_AlreadyFiledClaim',
    en: 'You have already filed your claim; its reference code is {0}. Only one claim is accepted for each class member. To change it, contact the Settlement Administrator.',
    es: 'Usted ya presentó su reclamo; su código de referencia es {0}. Solo se acepta un reclamo por miembro del grupo. Para modificarlo, comuníquese con el Administrador del Acuerdo.',
  },
  ALREADY_FILED_EXCLUSION: {
    status: 200,
    key: 'LocKey_Server_AlreadyFiledExclusion',
    en: 'You have already filed your exclusion request; its reference code is {0}. Only one is accepted for each class member. To change it, contact the Settlement Administrator.',
    es: 'Usted ya presentó su solicitud de exclusión; su código de referencia es {0}. Solo se acepta una por miembro del grupo. Para modificarla, comuníquese con el Administrador del Acuerdo.',
  },
  CLAIM_AFTER_OWN_EXCLUSION: {
    status: 200,
    key: 'LocKey_Server_ClaimAfterOwnExclusion',
    en: 'You have already filed an exclusion request; its reference code is {0}. A claim cannot be filed after it. If you want to withdraw the exclusion request and file a claim instead, contact the Settlement Administrator.',
    es: 'Usted ya presentó una solicitud de exclusión; su código de referencia es {0}. Después de ella no se puede presentar un reclamo. Si desea retirar la solicitud de exclusión y presentar un reclamo, comuníquese con el Administrador del Acuerdo.',
  },
  EXCLUSION_AFTER_OWN_CLAIM: {
    status: 200,
    key: 'LocKey_Server_ExclusionAfterOwnClaim',
    en: 'You have already filed a claim; its reference code is {0}. An exclusion request cannot be filed after it. If you want to withdraw the claim and exclude yourself instead, contact the Settlement Administrator.',
    es: 'Usted ya presentó un reclamo; su código de referencia es {0}. Después de él no se puede presentar una solicitud de exclusión. Si desea retirar el reclamo y excluirse, comuníquese con el Administrador del Acuerdo.',
  },

  // --- The server ---------------------------------------------------------------------------------
  DATABASE_UNAVAILABLE: {
    status: 503,
    key: 'LocKey_Server_Unavailable',
    en: 'The service is temporarily unavailable. Nothing was saved. Please try again in a few minutes.',
    es: 'El servicio no está disponible temporalmente. No se guardó nada. Inténtelo de nuevo en unos minutos.',
  },
  DOCUMENT_CHECK_UNAVAILABLE: {
    status: 503,
    key: 'LocKey_Server_DocumentCheckUnavailable',
    en: 'The document "{0}" could not be checked just now, so it was not saved. Please try again in a few minutes.',
    es: 'El documento "{0}" no se pudo revisar en este momento, por lo que no se guardó. Inténtelo de nuevo en unos minutos.',
  },
  INTERNAL: {
    status: 500,
    key: 'LocKey_Server_Internal',
    en: 'An unexpected error occurred. Please try again.',
    es: 'Se produjo un error inesperado. Inténtelo de nuevo.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;

/** A catalogued error: the handler answers `status` with the localized text plus `details`. */
export class HttpError extends Error {
  readonly code: ServerErrorCode;
  readonly statusCode: number;
  /** Template arguments ({0}, {1}) of the message. */
  readonly args: readonly string[];
  /** Claimant-actionable specifics appended to the message (e.g. which fields and why). */
  readonly details: readonly string[];
  /** Seconds until a retry can succeed, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** A submit refused because the claim is already filed: the reference code of that claim, when the claimant may be told it. */
  readonly filedReferenceCode: string | undefined;
  /** A submit's or a page save's answers refused by a page: which field, on which page, and why. */
  readonly fieldErrors: readonly SubmitFieldError[];
  /** A refusal of one of the documents a cure sends: the deficiency kind it was sent for. */
  readonly document: string | undefined;
  constructor(code: ServerErrorCode, opts: HttpErrorOptions = {}) {
    super(SERVER_ERRORS[code].en, { cause: opts.cause });
    this.name = 'HttpError';
    this.code = code;
    this.statusCode = SERVER_ERRORS[code].status;
    this.args = opts.args ?? [];
    this.details = opts.details ?? [];
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.filedReferenceCode = opts.filedReferenceCode;
    this.fieldErrors = opts.fieldErrors ?? [];
    this.document = opts.document;
  }
}

export interface HttpErrorOptions {
  args?: string[];
  details?: string[];
  cause?: unknown;
  retryAfterSeconds?: number;
  /** The reference code of the claim already filed (a 409 of the submit), told only to whom it belongs. */
  filedReferenceCode?: string;
  /** The answers a page refuses (a submit, a page save), each by its page and field element id. */
  fieldErrors?: SubmitFieldError[];
  /** The document the refusal is about, among those a cure sends: its deficiency kind. */
  document?: string;
}

export function httpError(code: ServerErrorCode, opts?: HttpErrorOptions): HttpError {
  return new HttpError(code, opts);
}

/** The same refusal, about the document sent for `document` (a cure's deficiency kind), so that the page shows it beside that document. */
export function aboutDocument(err: HttpError, document: string): HttpError {
  const { code, args, details, retryAfterSeconds, cause } = err;
  return new HttpError(code, { args: [...args], details: [...details], cause, document, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
}

/** Raised by the persistence layer's callers when the database is busy, full or unreachable. */
export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}

/**
 * The claimant-facing text of a catalogued error in a culture: the locale file's value for the
 * key when present, else the catalogue's text (Spanish for 'es', English otherwise).
 */
export function errorText(
  code: ServerErrorCode,
  culture: string,
  localized: (key: string, culture: string) => string | undefined,
  args: readonly string[] = [],
  details: readonly string[] = [],
): string {
  const entry: CatalogueEntry = SERVER_ERRORS[code];
  const template = localized(entry.key, culture) ?? (culture === 'es' ? entry.es : entry.en);
  const text = template.replace(/\{(\d+)\}/g, (m, i: string) => args[Number(i)] ?? m);
  return details.length ? `${text} ${details.join(' ')}` : text;
}
