/**
 * The e-mail telling a claimant that what they sent to cure their deficient claim was received:
 * the claim's reference code, when it was received, what was sent (the file names, the pages
 * answered again by their titles, and whether it was signed). Nothing of the answers themselves.
 */
import { settlementZone } from '../../runtime/core/i18n/submissionTime.js';
import { formatInstant } from '../../runtime/core/i18n/deadlineKeys.js';
import type { DeadlineSettings } from '../../runtime/core/types.js';
import type { Translate } from '../../runtime/core/view/types.js';
import { escapeHtml, type MailContent } from './content.js';
import { RECEIPT_KEYS } from './receipt.js';

export const CURE_RECEIPT_KEYS = {
  subject: 'LocKey_CureMail_Subject',
  intro: 'LocKey_CureMail_Intro',
  document: 'LocKey_CureMail_Document',
  signed: 'LocKey_CureMail_Signed',
  page: 'LocKey_CureMail_Page',
  next: 'LocKey_Status_CureReceived_Next',
} as const;

export interface CureReceiptInput {
  referenceCode: string;
  /** Epoch ms. */
  receivedAt: number;
  documentNames: string[];
  /** The title keys of the pages answered again (absent in a receipt queued before pages could be). */
  pageTitleKeys?: string[];
  /** The name signed with, when the cure was a signature. */
  signatureName: string | null;
  culture: string;
  t: Translate;
  deadlines: DeadlineSettings;
}

export function renderCureReceipt(input: CureReceiptInput): MailContent {
  const { t } = input;
  const site = t(RECEIPT_KEYS.siteTitle);
  const intro = t(CURE_RECEIPT_KEYS.intro, input.referenceCode, formatInstant(new Date(input.receivedAt), input.culture, settlementZone(input.deadlines), 'LongDate'));
  const items = [
    ...(input.pageTitleKeys ?? []).map((key) => t(CURE_RECEIPT_KEYS.page, t(key))),
    ...input.documentNames.map((name) => t(CURE_RECEIPT_KEYS.document, name)),
    ...(input.signatureName !== null ? [t(CURE_RECEIPT_KEYS.signed, input.signatureName)] : [])];
  const next = t(CURE_RECEIPT_KEYS.next);
  const footer = t(RECEIPT_KEYS.footer, site);
  const text = [site, '', intro, '', ...items.map((item) => `- ${item}`), '', next, `${t(RECEIPT_KEYS.referenceCode)}: ${input.referenceCode}`, '', '--', footer];
  const html = [
    `<p style="color:#555">${escapeHtml(site)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(next)}</p>`,
    `<p>${escapeHtml(t(RECEIPT_KEYS.referenceCode))}: <strong style="font-size:1.2em">${escapeHtml(input.referenceCode)}</strong></p>`,
    `<hr><p style="color:#555;font-size:.9em">${escapeHtml(footer)}</p>`,
  ];
  return {
    subject: t(CURE_RECEIPT_KEYS.subject, site, input.referenceCode),
    text: text.join('\n'),
    html: `<!doctype html><html lang="${escapeHtml(input.culture)}"><head><meta charset="utf-8"><title>${escapeHtml(site)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.4;max-width:40em">${html.join('\n')}</body></html>`,
  };
}
