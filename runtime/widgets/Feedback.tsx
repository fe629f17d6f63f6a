import { Icon } from './Icon';
import { InlineCopy } from './inline-copy';

/** Block-level tags a message box's text may not hold. */
const FEEDBACK_PURIFY = { FORBID_TAGS: ['p', 'li', 'ul', 'ol'] };

export type FeedbackVariant = 'default' | 'success' | 'warning';

/** A message box with an icon and a role=status live region; the variant is never shown by colour alone. */
export function Feedback({ variant, text }: { variant: FeedbackVariant; text: string }) {
  const icon = variant === 'success' ? 'confirm' : 'info';
  return (
    <div className={`cf-feedback cf-feedback--${variant}`} role="status">
      <Icon name={icon} />
      <InlineCopy as="span" className="cf-feedback__text" html={text} purify={FEEDBACK_PURIFY} />
    </div>
  );
}
