import { describe, expect, it } from 'vitest';
import { conformEdit, getMask, type MaskDefinition } from '../../../runtime/core/masks';

/**
 * A masked input as the widgets' useTextMask drives it: each key, paste or deletion changes the
 * text around the caret (or selection), then conformEdit decides what the field shows and where
 * the caret goes. `shown` records the field after every edit.
 */
class Field {
  value = '';
  start = 0;
  end = 0;
  readonly shown: string[] = [];

  constructor(private readonly mask: MaskDefinition) {}

  private edit(raw: string, caret: number): this {
    const result = conformEdit(this.mask, raw, this.value, caret);
    // Like the widget: the caret moves only when conforming changed the text.
    const at = result.value === raw ? caret : result.caret;
    this.value = result.value;
    this.start = this.end = at;
    this.shown.push(this.value);
    return this;
  }

  select(start: number, end = start): this {
    this.start = start;
    this.end = end;
    return this;
  }

  /** Types each character as its own input event. */
  type(text: string): this {
    for (const ch of text) this.paste(ch);
    return this;
  }

  /** Inserts `text` in one input event, replacing the selection. */
  paste(text: string): this {
    return this.edit(this.value.slice(0, this.start) + text + this.value.slice(this.end), this.start + text.length);
  }

  backspace(times = 1): this {
    for (let i = 0; i < times; i++) {
      const from = this.start === this.end ? Math.max(0, this.start - 1) : this.start;
      this.edit(this.value.slice(0, from) + this.value.slice(this.end), from);
    }
    return this;
  }
}

const dateField = () => new Field(getMask('date'));

describe('the date mask, typed one key at a time', () => {
  it.each([
    ['1/1/2020', ['1', '1/', '1/1', '1/1/', '1/1/2', '1/1/20', '1/1/202', '1/1/2020']],
    ['01/01/2020', ['0', '01/', '01/', '01/0', '01/01/', '01/01/', '01/01/2', '01/01/20', '01/01/202', '01/01/2020']],
    ['12/5/2024', ['1', '12/', '12/', '12/5', '12/5/', '12/5/2', '12/5/20', '12/5/202', '12/5/2024']],
    ['3/15/2016', ['3', '3/', '3/1', '3/15/', '3/15/', '3/15/2', '3/15/20', '3/15/201', '3/15/2016']],
    ['10/1/2020', ['1', '10/', '10/', '10/1', '10/1/', '10/1/2', '10/1/20', '10/1/202', '10/1/2020']],
  ])('takes %s as written (a slash after one digit closes the month or day)', (typed, shown) => {
    const field = dateField().type(typed);
    expect(field.shown).toEqual(shown);
    expect(field.start).toBe(typed.length);
  });

  it('still adds the slashes when only digits are typed', () => {
    expect(dateField().type('03152016').shown).toEqual(['0', '03/', '03/1', '03/15/', '03/15/2', '03/15/20', '03/15/201', '03/15/2016']);
    expect(dateField().type('12312025').value).toBe('12/31/2025');
  });

  it('ignores a slash that closes nothing: first, doubled, or after a full year', () => {
    expect(dateField().type('/').value).toBe('');
    expect(dateField().type('1//5').value).toBe('1/5');
    expect(dateField().type('1/1/2020/').value).toBe('1/1/2020');
    expect(dateField().type('12/31/20259').value).toBe('12/31/2025');
  });

  it('takes a pasted date in any accepted form, or with dashes or dots, and cuts what is too long', () => {
    for (const pasted of ['1/1/2020', '01/01/2020', '12/5/2024', '3/15/2016', '10/1/2020']) expect(dateField().paste(pasted).value).toBe(pasted);
    expect(dateField().paste('12-5-2024').value).toBe('12/5/2024');
    expect(dateField().paste('3.15.2016').value).toBe('3/15/2016');
    expect(dateField().paste('03152016').value).toBe('03/15/2016');
    expect(dateField().paste('12/31/20259999').value).toBe('12/31/2025');
  });

  it('deletes from the end, a slash going with the digit after it', () => {
    const field = dateField().type('12/5/2024').backspace(8);
    expect(field.shown.slice(-8)).toEqual(['12/5/202', '12/5/20', '12/5/2', '12/5', '12', '1', '', '']);
    expect(dateField().type('1/1/').backspace().value).toBe('1/1');
  });

  it('edits in the middle: a month or day digit added or removed reshapes the date around the caret', () => {
    // 3/15/2016 → 03/15/2016: a leading zero typed before the month.
    const zero = dateField().type('3/15/2016').select(0).type('0');
    expect([zero.value, zero.start]).toEqual(['03/15/2016', 1]);
    // 12/31/2025 → 1/31/2025: the month's second digit deleted, the caret stays after the 1.
    const month = dateField().type('12/31/2025').select(2).backspace();
    expect([month.value, month.start]).toEqual(['1/31/2025', 1]);
    // 1/1/2020 → 1/15/2020: a second day digit typed after the first.
    const day = dateField().type('1/1/2020').select(3).type('5');
    expect(day.value).toBe('1/15/2020');
    // The day selected and typed over.
    const over = dateField().type('12/31/2025').select(3, 5).type('5/');
    expect(over.value).toBe('12/5/2025');
  });
});
