import { devError } from '../core/errors';
import { Button } from './Button';

/** At most 12 display fields, 11 when the row carries edit or delete buttons (spec §5, §9). */
export const MAX_DISPLAY_FIELDS = 12;
export const MAX_DISPLAY_FIELDS_WITH_BUTTONS = 11;

export interface DisplayValuesRowProps {
  /** Client id of the saved record the row shows. */
  recordClientId: string | null | undefined;
  /** Labelled values in column order (labels and values already translated and formatted). */
  fields: Array<{ key: string; label: string; value: string }>;
  /** Names the row for screen readers on its buttons ('Edit Record 2'). */
  rowLabel?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  editLabel?: string;
  deleteLabel?: string;
}

/** One saved record as a row of labelled values with optional edit and delete buttons. */
export function DisplayValuesRow(props: DisplayValuesRowProps) {
  if (!props.recordClientId) throw devError('RECORD_CLIENT_ID_REQUIRED');
  const withButtons = Boolean(props.onEdit || props.onDelete);
  const max = withButtons ? MAX_DISPLAY_FIELDS_WITH_BUTTONS : MAX_DISPLAY_FIELDS;
  if (props.fields.length > max) throw devError('MAX_DISPLAY_FIELDS', max);
  return (
    <div className="cf-display-row" data-client-id={props.recordClientId}>
      <dl className="cf-display-row__fields">
        {props.fields.map((f) => (
          <div className="cf-display-row__field" key={f.key}>
            <dt className="cf-display-row__label">{f.label}</dt>
            <dd className="cf-display-row__value">{f.value === '' ? '—' : f.value}</dd>
          </div>
        ))}
      </dl>
      {withButtons ? (
        <div className="cf-display-row__actions">
          {props.onEdit ? <Button variant="outline-secondary" icon="edit" label={props.editLabel ?? 'Edit'} ariaLabel={props.rowLabel ? `${props.editLabel ?? 'Edit'} ${props.rowLabel}` : undefined} onClick={props.onEdit} /> : null}
          {props.onDelete ? <Button variant="outline-secondary" icon="delete" label={props.deleteLabel ?? 'Delete'} ariaLabel={props.rowLabel ? `${props.deleteLabel ?? 'Delete'} ${props.rowLabel}` : undefined} onClick={props.onDelete} /> : null}
        </div>
      ) : null}
    </div>
  );
}
