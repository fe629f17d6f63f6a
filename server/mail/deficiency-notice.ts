/**
 * The e-mail telling a claimant that their claim is deficient: what is missing and what curing each
 * asks, the date to cure by (in the settlement's time zone), and the link to the status page,
 * where the claimant signs in with the reference code and the claim's own credentials. Nothing of
 * the answers, nothing of the fraud screening, never the administrator's note.
 */
import { settlementZone } from '../../runtime/core/i18n/submissionTime.js';
import { formatInstant } from '../../runtime/core/i18n/deadlineKeys.js';
import type { DeadlineSettings } from '../../runtime/core/types.js';
import type { Translate } from '../../runtime/core/view/types.js';
import { escapeHtml, htmlToText, type MailContent } from './content.js';
import { RECEIPT_KEYS } from './receipt.js';

export const DEFICIENCY_NOTICE_KEYS = {
  subject: 'LocKey_DeficiencyMail_Subject',
  intro: 'LocKey_DeficiencyMail_Intro',
  cureBy: 'LocKey_DeficiencyMail_CureBy',
  statusLink: 'LocKey_DeficiencyMail_StatusLink',
} as const;

export interface DeficiencyNoticeInput {
  referenceCode: string;
  /** Each deficiency: what is missing and what curing it asks, as locale keys and the cure's text already in the claimant's words. */
  deficiencies: Array<{ textKey: string; cure: string }>;
  /** Epoch ms: the end of the last day to cure, in the settlement's time zone. */
  cureByAt: number;
  /** The absolute address of the status page. */
  statusLink: string;
  culture: string;
  t: Translate;
  deadlines: DeadlineSettings;
}

export function renderDeficiencyNotice(input: DeficiencyNoticeInput): MailContent {
  const { t } = input;
  const site = t(RECEIPT_KEYS.siteTitle);
  const cureBy = t(DEFICIENCY_NOTICE_KEYS.cureBy, formatInstant(new Date(input.cureByAt), input.culture, settlementZone(input.deadlines), 'LongDate'));
  const intro = t(DEFICIENCY_NOTICE_KEYS.intro, input.referenceCode);
  const items = input.deficiencies.map((d) => ({ missing: htmlToText(t(d.textKey)), cure: d.cure }));
  const footer = t(RECEIPT_KEYS.footer, site);
  const text = [
    site,
    '',
    intro,
    '',
    ...items.flatMap((item) => [`- ${item.missing}`, `  ${item.cure}`]),
    '',
    cureBy,
    '',
    `${t(DEFICIENCY_NOTICE_KEYS.statusLink)} ${input.statusLink}`,
    `${t(RECEIPT_KEYS.referenceCode)}: ${input.referenceCode}`,
    '',
    '--',
    footer,
  ];
  const html = [
    `<p style="color:#555">${escapeHtml(site)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${items.map((item) => `<li><strong>${escapeHtml(item.missing)}</strong><br>${escapeHtml(item.cure)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(cureBy)}</p>`,
    `<p>${escapeHtml(t(DEFICIENCY_NOTICE_KEYS.statusLink))} <a href="${escapeHtml(input.statusLink)}">${escapeHtml(input.statusLink)}</a></p>`,
    `<p>${escapeHtml(t(RECEIPT_KEYS.referenceCode))}: <strong style="font-size:1.2em">${escapeHtml(input.referenceCode)}</strong></p>`,
    `<hr><p style="color:#555;font-size:.9em">${escapeHtml(footer)}</p>`,
  ];
  return {
    subject: t(DEFICIENCY_NOTICE_KEYS.subject, site, input.referenceCode),
    text: text.join('\n'),
    html: `<!doctype html><html lang="${escapeHtml(input.culture)}"><head><meta charset="utf-8"><title>${escapeHtml(site)}</title></head><body style="font-family:Arial,sans-serif;line-height:1.4;max-width:40em">${html.join('\n')}</body></html>`,
  };
}
