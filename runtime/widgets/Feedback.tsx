import DOMPurify from 'dompurify';
import { Icon } from './Icon';

export type FeedbackVariant = 'default' | 'success' | 'warning';

/** A message box with an icon and a role=status live region; the variant is never shown by colour alone. */
export function Feedback({ variant, text }: { variant: FeedbackVariant; text: string }) {
  const icon = variant === 'success' ? 'confirm' : 'info';
  return (
    <div className={`cf-feedback cf-feedback--${variant}`} role="status">
      <Icon name={icon} />
      <span className="cf-feedback__text" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(text, { FORBID_TAGS: ['p', 'li', 'ul', 'ol'] }) }} />
    </div>
  );
}
