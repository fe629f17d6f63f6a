import { SUBMITTED_AT_KEY, submissionTimeText } from '../../core/i18n/submissionTime';
import type { ConfirmationBlock as ConfirmationBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { Button } from '../Button';
import { InlineCopy } from '../inline-copy';
import { COPY_PURIFY } from './copy';
import { readsNoAnswers } from './reads';

/** Text put into localized HTML as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const CONFIRMATION_KEYS = {
  referenceLabel: 'LocKey_Confirmation_ReferenceCode',
  print: 'LocKey_Button_Print',
  receiptSent: 'LocKey_Confirmation_ReceiptSent',
  statusLink: 'LocKey_Confirmation_StatusLink',
} as const;

/** The status page, where the claimant later sees the claim's status with its reference code (runtime/app routes STATUS_PATH). */
const STATUS_PAGE = '/status';

/** The confirmation: the text (with the reference code as {0}), the code itself, when it was submitted, where the e-mail receipt goes, the link to the status page, and Print. */
export function ConfirmationBlock({ config, ctx }: BlockProps<ConfirmationBlockConfig>) {
  const code = ctx.referenceCode ?? '';
  return (
    <section className="cf-confirmation">
      {/* Localized copy may hold inline HTML (the code in <strong>): drawn as the copy block draws it. */}
      <InlineCopy as="p" className="cf-confirmation__text" html={ctx.t(config.textKey, escapeHtml(code))} purify={COPY_PURIFY} />
      <p className="cf-confirmation__reference">
        <span className="cf-confirmation__reference-label">{ctx.t(CONFIRMATION_KEYS.referenceLabel)}</span>{' '}
        <strong className="cf-confirmation__code">{code}</strong>
      </p>
      {ctx.submittedAt === null ? null : (
        <p className="cf-confirmation__submitted-at">{ctx.t(SUBMITTED_AT_KEY, submissionTimeText(ctx.submittedAt, ctx.culture, ctx.deadlines))}</p>
      )}
      {ctx.receiptAddress ? <p className="cf-confirmation__receipt">{ctx.t(CONFIRMATION_KEYS.receiptSent, ctx.receiptAddress)}</p> : null}
      <p className="cf-confirmation__status cf-no-print">
        <a href={`${STATUS_PAGE}?culture=${encodeURIComponent(ctx.culture)}`}>{ctx.t(CONFIRMATION_KEYS.statusLink)}</a>
      </p>
      <div className="cf-confirmation__actions cf-no-print">
        <Button variant="outline-primary" label={ctx.t(CONFIRMATION_KEYS.print)} onClick={() => window.print()} />
      </div>
    </section>
  );
}
ConfirmationBlock.blockName = 'confirmation' as const;
ConfirmationBlock.sameAnswers = readsNoAnswers;
