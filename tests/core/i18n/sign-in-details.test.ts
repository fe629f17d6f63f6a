import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { credentialLabelKeys, sharedCredentialLabelKeys, signInDetails } from '../../../runtime/core/i18n';
import type { FlowFile } from '../../../runtime/core/types';
import { readSettlementFolder } from '../../../settlement/read';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const json = <T>(p: string) => JSON.parse(readFileSync(repo(p), 'utf8')) as T;
/** The product's texts in a culture, a settlement's own (as the settlement reader makes them) over them. */
const texts = (culture: string, settlement?: string) => {
  const own = settlement ? readSettlementFolder(repo(settlement)).files.get(`locales/${culture}.json`)?.json : undefined;
  const all = { ...json<Record<string, string>>(`locales/${culture}.json`), ...(isTexts(own) ? own : {}) };
  return (key: string) => all[key] ?? key;
};
const BREACH = 'tests/settlements/data-breach';
const automotive = json<FlowFile>('flows/automotive.json');
/** A flow of the data-breach settlement as the settlement reader makes it (its lookup is a patch of the sample's). */
const breachFlow = (name: string): FlowFile => {
  const flow = readSettlementFolder(repo(BREACH)).files.get(`flows/${name}`)?.json;
  if (!isFlowFile(flow)) throw new Error(`${BREACH} has no flows/${name}`);
  return flow;
};
const isTexts = (value: unknown): value is Record<string, string> => typeof value === 'object' && value !== null && Object.values(value).every((text) => typeof text === 'string');
const isFlowFile = (value: unknown): value is FlowFile => typeof value === 'object' && value !== null && 'pages' in value && Array.isArray(value.pages);
const breachClaim = breachFlow('claim.json');
const breachLookup = breachFlow('lookup.json');

describe('the credentials a claimant signs in with, as texts name them', () => {
  it('are the labels of the start page’s Credentials fields, in order', () => {
    expect(credentialLabelKeys(automotive)).toEqual(['LocKey_Credentials_Vin', 'LocKey_Credentials_NoticeId', 'LocKey_Credentials_Pin']);
    expect(credentialLabelKeys(breachClaim)).toEqual(['LocKey_Credentials_ClaimId', 'LocKey_Credentials_Zip']);
    expect(credentialLabelKeys({ pages: [] })).toEqual([]);
  });

  it('joins three credentials as a list in English and in Spanish', () => {
    expect(signInDetails(credentialLabelKeys(automotive), texts('en'), 'en')).toBe('Vehicle Identification Number (VIN), Notice ID, and PIN');
    expect(signInDetails(credentialLabelKeys(automotive), texts('es'), 'es')).toBe('Número de identificación del vehículo (VIN), ID del aviso y PIN');
  });

  it('joins two with "and" / "y", and says one alone, each label as written: a settlement signed in by Claim ID and ZIP code names no VIN', () => {
    expect(signInDetails(credentialLabelKeys(breachClaim), texts('en', BREACH), 'en')).toBe('Claim ID and ZIP code');
    expect(signInDetails(credentialLabelKeys(breachClaim), texts('es', BREACH), 'es')).toBe('ID de reclamación y Código postal');
    expect(signInDetails(credentialLabelKeys(breachLookup), texts('en', BREACH), 'en')).toBe('Claim ID');
  });

  it('before the form is known, are those of the forms that file something when they all sign in alike, else none', () => {
    const exclusion = json<FlowFile>('flows/exclusion.json');
    const lookup = json<FlowFile>('flows/lookup.json');
    // The sample's claim and exclusion ask the same three; its VIN lookup files nothing and is not saved for later.
    expect(sharedCredentialLabelKeys([lookup, automotive, exclusion])).toEqual(credentialLabelKeys(automotive));
    expect(sharedCredentialLabelKeys([breachLookup, breachClaim])).toEqual(['LocKey_Credentials_ClaimId', 'LocKey_Credentials_Zip']);
    expect(sharedCredentialLabelKeys([automotive, breachClaim])).toEqual([]);
    expect(sharedCredentialLabelKeys([])).toEqual([]);
  });

  it('is a neutral wording when the form’s credentials are not known', () => {
    expect(signInDetails([], texts('en'), 'en')).toBe('the ones you entered');
    expect(signInDetails([], texts('es'), 'es')).toBe('los que ingresó');
  });
});
