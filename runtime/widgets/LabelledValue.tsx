import { devError } from '../core/errors';
import { Icon, type IconName } from './Icon';

export interface LabelledValueProps {
  label?: string | null;
  icon?: IconName | null;
  value: string;
}

/** A value with its label (or icon) as a term/description pair; needs a label or an icon. */
export function LabelledValue({ label, icon, value }: LabelledValueProps) {
  if (!label && !icon) throw devError('LABELLED_VALUE_LABEL_OR_ICON');
  return (
    <div className="cf-labelled-value">
      <dt className="cf-labelled-value__label">
        {icon ? <Icon name={icon} /> : null}
        {label ?? ''}
      </dt>
      <dd className="cf-labelled-value__value">{value === '' ? '—' : value}</dd>
    </div>
  );
}
