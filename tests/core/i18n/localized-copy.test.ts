import { describe, expect, it } from 'vitest';
import { DevError } from '../../../runtime/core/errors';
import { assertLocalizedCopy, contentToDictionary, localizedCopyProblems } from '../../../runtime/core/i18n';

describe('localized copy check', () => {
  it('accepts inline HTML', () => {
    expect(localizedCopyProblems({ LocKey_A: 'Enter your <strong>VIN</strong>, <a href="/x">here</a>' })).toEqual([]);
  });

  it('rejects p, li, ul and ol tags with the message of spec §5', () => {
    let thrown: unknown;
    try {
      assertLocalizedCopy({ LocKey_A: '<p>One</p>', LocKey_B: '<UL><li>x</li></UL>', LocKey_C: '<pre>ok</pre><option>ok</option>' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DevError);
    const error = thrown as DevError;
    expect(error.code).toBe('INVALID_LOCALIZATION');
    const [first, ...reasons] = error.message.split('\n');
    expect(first).toBe('Invalid localization. 6 errors found:');
    expect(reasons).toHaveLength(6);
    expect(reasons[0]).toBe('LocKey_A: the tag <p> is not allowed (use inline HTML only; no p, li, ul or ol)');
  });
});

describe('contentToDictionary', () => {
  it('turns content items into texts, a later item winning', () => {
    expect(
      contentToDictionary([
        { key: 'LocKey_A', value: 'one' },
        { key: 'LocKey_B', value: 'two' },
        { key: 'LocKey_A', value: 'uno' },
      ]),
    ).toEqual({ LocKey_A: 'uno', LocKey_B: 'two' });
  });

  it('checks the copy it loads', () => {
    expect(() => contentToDictionary([{ key: 'LocKey_A', value: '<ol><li>x</li></ol>' }])).toThrow(/^Invalid localization\. 4 errors found:/);
  });
});
