import { describe, expect, it } from 'vitest';
import { applyMask, getMask, MASK_NAMES, maskedSample, patternToMask } from '../../../runtime/core/masks';
import { DevError } from '../../../runtime/core/errors';

/** Types `text` one character at a time, as a field would, and returns each stored value. */
function typeInto(name: string, text: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const ch of text) {
    value = applyMask(name, value + ch, value);
    shown.push(value);
  }
  return shown;
}

/** Deletes the last character `times` times. */
function backspace(name: string, start: string, times: number): string {
  let value = start;
  for (let i = 0; i < times; i++) value = applyMask(name, value.slice(0, -1), value);
  return value;
}

describe('mask registry', () => {
  it('registers every mask of spec §5 by name', () => {
    expect(MASK_NAMES.sort()).toEqual(['currency', 'currencyDecimal', 'date', 'decimal', 'phoneInternational', 'phoneUS', 'postalNonUS', 'vin', 'zipUS']);
    for (const name of MASK_NAMES) expect(getMask(name).guide).toBe(false);
  });

  it('raises the missing-mask-factory error for an unknown name', () => {
    expect(() => getMask('ssn')).toThrowError(DevError);
    expect(() => applyMask('ssn', '123')).toThrowError('No input mask factory found for ssn');
  });

  it('turns # @ * into digit, letter and letter-or-digit slots', () => {
    expect(patternToMask('#@*-')).toEqual([/\d/, /[A-Za-z]/, /[A-Za-z0-9]/, '-']);
  });

  it('leaves an empty field empty', () => {
    for (const name of MASK_NAMES) expect(applyMask(name, '')).toBe('');
  });
});

describe('currency', () => {
  it('groups thousands with commas and keeps digits only', () => {
    expect(typeInto('currency', '12345').at(-1)).toBe('12,345');
    expect(applyMask('currency', '$1234567.89')).toBe('123,456,789');
    expect(applyMask('currency', 'abc')).toBe('');
  });

  it('regroups when a digit is deleted', () => {
    expect(backspace('currency', '12,345', 1)).toBe('1,234');
    expect(backspace('currency', '1,234', 1)).toBe('123');
  });
});

describe('currencyDecimal', () => {
  it('keeps commas and at most two decimals', () => {
    expect(typeInto('currencyDecimal', '1234.5')).toEqual(['1', '12', '123', '1,234', '1,234.', '1,234.5']);
    expect(applyMask('currencyDecimal', '50000.009')).toBe('50,000.00');
    expect(applyMask('currencyDecimal', '1.2.3')).toBe('1.23');
  });

  it('drops the dot when the cents are deleted', () => {
    expect(backspace('currencyDecimal', '1,234.50', 1)).toBe('1,234.5');
    // Deleting the last cent also drops the dot it would leave dangling.
    expect(backspace('currencyDecimal', '1,234.5', 1)).toBe('1,234');
  });
});

describe('decimal', () => {
  it('takes up to 16 digits and dots', () => {
    expect(applyMask('decimal', '12a3.4')).toBe('123.4');
    expect(applyMask('decimal', '12345678901234567890')).toBe('1234567890123456');
  });
});

describe('phoneInternational', () => {
  it('takes up to 16 digits', () => {
    expect(applyMask('phoneInternational', '+44 20 7946 0958')).toBe('442079460958');
    expect(applyMask('phoneInternational', '12345678901234567890')).toBe('1234567890123456');
  });
});

describe('date', () => {
  it('completes the slashes as the digits are typed', () => {
    expect(typeInto('date', '12312025')).toEqual(['1', '12/', '12/3', '12/31/', '12/31/2', '12/31/20', '12/31/202', '12/31/2025']);
  });

  it('cuts a pasted over-long value and ignores other characters', () => {
    expect(applyMask('date', '12/31/20259999')).toBe('12/31/2025');
    expect(applyMask('date', '12-31-2025')).toBe('12/31/2025');
  });

  it('lets a slash be deleted', () => {
    expect(backspace('date', '12/', 1)).toBe('12');
    expect(backspace('date', '12/31/', 2)).toBe('12/3');
  });
});

describe('phoneUS', () => {
  it('formats as (###) ###-####', () => {
    expect(typeInto('phoneUS', '5105550142').at(-1)).toBe('(510) 555-0142');
    expect(typeInto('phoneUS', '5')).toEqual(['(5']);
  });

  it('cuts a pasted over-long number', () => {
    expect(applyMask('phoneUS', '(510) 555-0142 ext 99')).toBe('(510) 555-0142');
    expect(applyMask('phoneUS', '510.555.0142')).toBe('(510) 555-0142');
  });

  it('deletes digits from the end', () => {
    expect(backspace('phoneUS', '(510) 555-0142', 4)).toBe('(510) 555');
  });
});

describe('vin', () => {
  it('takes up to 17 letters or digits, upper-cased', () => {
    expect(applyMask('vin', '5exma1b20hc000101')).toBe('5EXMA1B20HC000101');
    expect(applyMask('vin', '5EXM-A1B2 0HC000101XYZ')).toBe('5EXMA1B20HC000101');
    expect(typeInto('vin', 'ab').at(-1)).toBe('AB');
    expect(backspace('vin', '5EXMA1B20HC000101', 2)).toBe('5EXMA1B20HC0001');
  });
});

describe('zipUS', () => {
  it('takes five digits, and the dash only with the +4 part', () => {
    expect(typeInto('zipUS', '94607')).toEqual(['9', '94', '946', '9460', '94607']);
    expect(applyMask('zipUS', '946071234')).toBe('94607-1234');
    expect(applyMask('zipUS', '94607-12345')).toBe('94607-1234');
  });

  it('drops the dash when the +4 part is deleted', () => {
    expect(backspace('zipUS', '94607-1', 1)).toBe('94607');
  });
});

describe('postalNonUS', () => {
  it('takes up to 10 letters, digits or spaces', () => {
    expect(applyMask('postalNonUS', 'M5V 2T6')).toBe('M5V 2T6');
    expect(applyMask('postalNonUS', 'SW1A-1AA')).toBe('SW1A1AA');
    expect(applyMask('postalNonUS', '12345 67890 123')).toBe('12345 6789');
  });
});

describe('maskedSample', () => {
  it('is a complete answer of a fixed-length mask as stored, and as typed without its characters, each the same as typing it', () => {
    expect(maskedSample('phoneUS')).toEqual({ stored: '(555) 555-5555', typed: '5555555555' });
    for (const name of MASK_NAMES) {
      const sample = maskedSample(name);
      if (!sample) continue;
      expect(typeInto(name, sample.typed).at(-1), name).toBe(sample.stored);
    }
  });

  it('is null for a mask whose shape follows what is typed, and for an unknown one', () => {
    expect(maskedSample('currency')).toBeNull();
    expect(maskedSample('nope')).toBeNull();
  });
});

