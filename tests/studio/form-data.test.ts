import { describe, expect, it } from 'vitest';
import { withoutAddedHollowObjects } from '../../studio/app/formData';

describe("a generated form's value, kept to what the author wrote", () => {
  it('drops an empty object the form added for an absent optional object, at any depth', () => {
    const before = { header: [{ labelKey: 'LocKey_Nav_Home', url: '{0}/' }], banner: { enabled: true } };
    const after = { header: [{ labelKey: 'LocKey_Nav_Start', url: '{0}/' }], logo: {}, banner: { enabled: true, extra: { inner: {} } } };
    expect(withoutAddedHollowObjects(after, before)).toEqual({ header: [{ labelKey: 'LocKey_Nav_Start', url: '{0}/' }], banner: { enabled: true } });
  });

  it('keeps an empty object the document had, and one the author filled', () => {
    expect(withoutAddedHollowObjects({ client: {}, logo: { file: 'logo.svg' } }, { client: {} })).toEqual({ client: {}, logo: { file: 'logo.svg' } });
  });
});
