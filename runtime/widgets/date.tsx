import { useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { formatDate, parseUserDate, type CalendarDate } from '../core/dates';
import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useTextMask } from './use-text-mask';

export const DATE_PLACEHOLDER = 'mm/dd/yyyy';
/** Calendar years offered (spec §9). */
export const DATE_YEAR_RANGE = { from: 1900, to: 2100 } as const;
/** Monday (spec §9: week start 1). */
export const DATE_WEEK_STARTS_ON = 1;

const toJsDate = (d: CalendarDate) => new Date(d.year, d.month - 1, d.day);
const fromJsDate = (d: Date): CalendarDate => ({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() });

/**
 * A date typed through the full-date mask (MM/dd/yyyy, or M/d/yyyy with the slashes typed), or
 * picked from a calendar popover that applies the day at once (no time, Monday first, 1900–2100,
 * bounded by the range rule).
 */
export function DateWidget(props: FieldWidgetProps) {
  assertComponentName(DateWidget.componentName, props.componentName);
  const { id, onChange } = props;
  const t = props.t ?? ((key: string) => key);
  const text = asText(props.value);
  const { inputRef, onInput } = useTextMask(text, props.mask, onChange);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const popoverRef = useRef<HTMLDivElement | null>(null);
  const dialogId = useId();
  const shown = uniqueMessages(props.errors).slice(0, 1);

  const selected = parseUserDate(text);
  const min = props.min ? toJsDate(props.min) : undefined;
  const max = props.max ? toJsDate(props.max) : undefined;
  const start = new Date(DATE_YEAR_RANGE.from, 0, 1);
  const end = new Date(DATE_YEAR_RANGE.to, 11, 31);
  // The calendar opens on the chosen day, else on the latest allowed day.
  const month = selected ? toJsDate(selected) : (max ?? new Date());

  useEffect(() => {
    if (!open) return;
    const onDocPointer = (event: MouseEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (popoverRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', onDocPointer);
    return () => document.removeEventListener('mousedown', onDocPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const disabledDays = [{ before: min ?? start }, { after: max ?? end }];

  return (
    <div className={fieldClass('date', shown, props.touched, props.disabled)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      <div className="cf-date">
        <input
          ref={inputRef}
          id={id}
          name={props.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="cf-input cf-date__input"
          defaultValue={text}
          placeholder={props.placeholder ?? DATE_PLACEHOLDER}
          disabled={props.disabled}
          aria-required={props.required || undefined}
          aria-invalid={shown.length > 0 || undefined}
          aria-describedby={describedBy(id, Boolean(props.help), shown.length > 0)}
          onInput={onInput}
          onBlur={props.onBlur}
        />
        <button
          ref={toggleRef}
          type="button"
          className="cf-date__toggle"
          disabled={props.disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="cf-sr-only">{t('LocKey_DatePicker_Open')}</span>
          <svg className="cf-icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
            <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Z" />
          </svg>
        </button>
        {open ? (
          <div
            ref={popoverRef}
            id={dialogId}
            className="cf-date__popover"
            role="dialog"
            aria-modal="false"
            aria-label={props.label}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                close();
              }
            }}
            onBlur={(e) => {
              // Tabbing out of the calendar closes it (it would otherwise cover the next fields).
              const next = e.relatedTarget;
              if (!next || popoverRef.current?.contains(next) || toggleRef.current?.contains(next)) return;
              setOpen(false);
            }}
          >
            <DayPicker
              mode="single"
              autoFocus
              selected={selected ? toJsDate(selected) : undefined}
              defaultMonth={month}
              startMonth={start}
              endMonth={end}
              captionLayout="dropdown"
              weekStartsOn={DATE_WEEK_STARTS_ON}
              disabled={disabledDays}
              onSelect={(day) => {
                if (!day) return;
                const value = formatDate(fromJsDate(day));
                if (inputRef.current) inputRef.current.value = value;
                onChange(value);
                close();
              }}
            />
          </div>
        ) : null}
      </div>
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
DateWidget.componentName = 'date' as const;
