/**
 * The kinds of e-mail the outbox sends, each a template from its data to subject, text and HTML in
 * the recipient's language. To add one: a kind in MailTemplateData with the data it needs, its
 * function in MAIL_TEMPLATES, and its texts as locale keys in every locale; then queue it with
 * `app.mail.enqueue(trx, { kind, to, culture, data })` in the transaction of what it tells about.
 */
import type { DeadlineSettings, FlowFile, ModelConfig } from '../../runtime/core/types.js';
import type { Translate } from '../../runtime/core/view/types.js';
import type { MailContent } from './content.js';
import { renderReceipt } from './receipt.js';
import { renderResumeLink } from './resume-link.js';
import { renderDeficiencyNotice } from './deficiency-notice.js';
import { renderCureReceipt } from './cure-receipt.js';

export interface MailTemplateData {
  /** A submission's receipt (receipt.ts). */
  receipt: {
    flow: Pick<FlowFile, 'pages'>;
    /** The model configs of the claim's form (declared models, account fields). */
    models?: readonly ModelConfig[];
    answers: Record<string, unknown>;
    referenceCode: string;
    /** Epoch ms. */
    submittedAt: number;
    /** The status page in the claimant's language (receipt.ts). */
    statusLink?: string | null;
  };
  /** A claim saved to finish later: its resume code and link (resume-link.ts). */
  'resume-link': {
    code: string;
    link: string;
    /** Epoch ms. */
    expiresAt: number;
    /** The label keys of the form's credentials, which the claimant signs in with again (absent in e-mails queued before they were kept). */
    credentialLabelKeys?: string[];
  };
  /** A claim set deficient: what is missing, what curing asks, until when, and the status page (deficiency-notice.ts). */
  'deficiency-notice': {
    referenceCode: string;
    deficiencies: Array<{ textKey: string; cure: string }>;
    /** Epoch ms. */
    cureByAt: number;
    statusLink: string;
  };
  /** What a claimant sent to cure a deficient claim, received (cure-receipt.ts). */
  'cure-receipt': {
    referenceCode: string;
    /** Epoch ms. */
    receivedAt: number;
    documentNames: string[];
    /** The title keys of the pages answered again. */
    pageTitleKeys?: string[];
    signatureName: string | null;
  };
}

export type MailKind = keyof MailTemplateData;

/** What every template is given besides its data. */
export interface TemplateEnvironment {
  culture: string;
  /** Texts in `culture`, placeholders filled. */
  t: Translate;
  /** The settlement's deadlines (its time zone). */
  deadlines: DeadlineSettings;
}

export type MailTemplate<K extends MailKind> = (data: MailTemplateData[K], env: TemplateEnvironment) => MailContent;

export const MAIL_TEMPLATES: { [K in MailKind]: MailTemplate<K> } = {
  receipt: (data, env) => renderReceipt({ ...data, ...env }),
  'resume-link': (data, env) => renderResumeLink({ ...data, ...env }),
  'deficiency-notice': (data, env) => renderDeficiencyNotice({ ...data, ...env }),
  'cure-receipt': (data, env) => renderCureReceipt({ ...data, ...env }),
};

/**
 * Renders a message outside the server (the administrator's commands queue into the same outbox):
 * the texts of the settlement's locales in the recipient's culture, placeholders filled.
 */
export function renderMail<K extends MailKind>(kind: K, data: MailTemplateData[K], env: TemplateEnvironment): MailContent {
  return MAIL_TEMPLATES[kind](data, env);
}
