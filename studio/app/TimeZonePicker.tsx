/**
 * A deadline time zone picked from a searchable list: spec §5's names (each with the IANA zone it
 * means) and every IANA zone name the browser knows. Typing narrows the list; a name that is not in
 * it is still typed as written, and the checker (or the new-settlement wizard) names what is wrong.
 */
import { useId } from 'react';
import { timeZoneChoices } from './timeZones';

const CHOICES = timeZoneChoices();

export function TimeZonePicker({ id, label, value, onChange, required }: { id?: string; label: string; value: string; onChange(value: string): void; required?: boolean }) {
  const listId = useId();
  const inputId = useId();
  return (
    <div className="field">
      {/* The label beside the box, not around it: the box's value is no part of its name. */}
      <label htmlFor={id ?? inputId}>{label}</label>
      <input id={id ?? inputId} type="text" list={listId} autoComplete="off" spellCheck={false} required={required} value={value} onChange={(e) => onChange(e.target.value)} />
      <datalist id={listId} data-time-zones="">
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.hint}
          </option>
        ))}
      </datalist>
    </div>
  );
}
