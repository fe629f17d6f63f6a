/**
 * The e-mail of a claim saved to finish later: its resume code, the link that fills it in, until
 * when it works (in the settlement's time zone) and that signing in again is needed — the same
 * texts as the page that showed the code. Nothing of the answers.
 */
import { signInDetails } from '../../runtime/core/i18n/signInDetails.js';
import { submissionTimeText } from '../../runtime/core/i18n/submissionTime.js';
import type { DeadlineSettings } from '../../runtime/core/types.js';
import type { Translate } from '../../runtime/core/view/types.js';
import { escapeHtml, type MailContent } from './content.js';
import { RECEIPT_KEYS } from './receipt.js';

export const RESUME_LINK_KEYS = {
  subject: 'LocKey_ResumeMail_Subject',
  title: 'LocKey_SaveLater_SavedTitle',
  codeIntro: 'LocKey_SaveLater_CodeIntro',
  howTo: 'LocKey_SaveLater_HowTo',
  linkIntro: 'LocKey_SaveLater_LinkIntro',
  validUntil: 'LocKey_SaveLater_ValidUntil',
  keepSafe: 'LocKey_SaveLater_KeepSafe',
} as const;

export interface ResumeLinkInput {
  code: string;
  /** The absolute /resume/<code> link. */
  link: string;
  /** Epoch ms: when the code stops working (the draft's expiry, never after the deadline). */
  expiresAt: number;
  /** The label keys of the form's credentials (none: a neutral wording). */
  credentialLabelKeys?: readonly string[];
  culture: string;
  t: Translate;
  deadlines: DeadlineSettings;
}

export function renderResumeLink(input: ResumeLinkInput): MailContent {
  const { t } = input;
  const site = t(RECEIPT_KEYS.siteTitle);
  const until = t(RESUME_LINK_KEYS.validUntil, submissionTimeText(input.expiresAt, input.culture, input.deadlines));
  const footer = t(RECEIPT_KEYS.footer, site);
  const howTo = t(RESUME_LINK_KEYS.howTo, signInDetails(input.credentialLabelKeys ?? [], t, input.culture));
  const text = [
    site,
    '',
    t(RESUME_LINK_KEYS.title),
    '',
    `${t(RESUME_LINK_KEYS.codeIntro)} ${input.code}`,
    '',
    howTo,
    `${t(RESUME_LINK_KEYS.linkIntro)} ${input.link}`,
    '',
    until,
    t(RESUME_LINK_KEYS.keepSafe),
    '',
    '--',
    footer,
  ];
  const html = [
    `<p style="color:#555">${escapeHtml(site)}</p>`,
    `<h1>${escapeHtml(t(RESUME_LINK_KEYS.title))}</h1>`,
    `<p>${escapeHtml(t(RESUME_LINK_KEYS.codeIntro))} <strong style="font-size:1.2em;letter-spacing:.05em">${escapeHtml(input.code)}</strong></p>`,
    `<p>${escapeHtml(howTo)}</p>`,
    `<p>${escapeHtml(t(RESUME_LINK_KEYS.linkIntro))} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    `<p>${escapeHtml(until)}</p>`,
    `<p>${escapeHtml(t(RESUME_LINK_KEYS.keepSafe))}</p>`,
    `<hr><p style="color:#555;font-size:.9em">${escapeHtml(footer)}</p>`,
  ];
  return { subject: t(RESUME_LINK_KEYS.subject, site), text: text.join('\n'), html: html.join('\n') };
}
