import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getModel } from '../../../runtime/core/models';
import type { ModelStoreState } from '../../../runtime/core/types';
import { Harness, page } from '../fixtures';

const block = { block: 'address' as const, model: 'ClaimantInfo', international: true };

describe('the address block', () => {
  it('shows the US row with the country defaulting to US, without the international row when it is off', () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([block])} onStore={(s) => (last = s)} />);
    expect(screen.getByLabelText(/LocKey_Address_StreetLine1/)).toBeTruthy();
    expect(screen.getByLabelText(/LocKey_Address_State/)).toBeTruthy();
    expect(screen.getByLabelText(/LocKey_Address_Zip/)).toBeTruthy();
    expect(screen.queryByLabelText(/LocKey_Address_Country/)).toBeNull();
    expect(screen.queryByLabelText(/LocKey_Address_Region/)).toBeNull();
    expect(getModel(last, 'claimantInfo').fields.mailingCountry).toBe('US');
  });

  it('switches to the international row when another country is chosen, resetting the US fields', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([block])} settings={{ internationalAddresses: true }} onStore={(s) => (last = s)} />);
    await userEvent.type(screen.getByLabelText(/LocKey_Address_Zip/), '946071234');
    expect(getModel(last, 'claimantInfo').fields.mailingPostalCode).toBe('94607-1234');
    await userEvent.selectOptions(screen.getByLabelText(/LocKey_Address_Country/), 'CA');
    expect(screen.queryByLabelText(/LocKey_Address_Zip/)).toBeNull();
    expect(getModel(last, 'claimantInfo').fields.mailingPostalCode).toBeNull();
    expect(screen.getByLabelText(/LocKey_Address_Region/)).toBeTruthy();
    expect(screen.getByLabelText(/LocKey_Address_PostalCode/)).toBeTruthy();
  });
});
