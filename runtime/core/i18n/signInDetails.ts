import type { FlowFile } from '../types';

/** When a form's sign-in is not known: what stands in for its credential labels. */
export const ANY_SIGN_IN_DETAILS_KEY = 'LocKey_Credentials_AsEntered';

/** The label keys of the credentials a form signs in with: the fields of its start page's Credentials block. */
export function credentialLabelKeys(flow: Pick<FlowFile, 'pages'>): string[] {
  const asked = flow.pages[0]?.blocks.find((b) => b.block === 'model' && b.model === 'Credentials');
  return asked?.block === 'model' ? asked.fields.map((f) => f.label) : [];
}

/**
 * The label keys of the credentials of whichever form a claim saved for later belongs to, before
 * the form is known (/resume): those of the forms that file something, when they all sign in
 * alike; none (a neutral wording) when they differ.
 */
export function sharedCredentialLabelKeys(flows: ReadonlyArray<Pick<FlowFile, 'pages' | 'submit'>>): string[] {
  const signIns = flows.filter((flow) => flow.submit !== undefined).map(credentialLabelKeys);
  const first = signIns[0] ?? [];
  return signIns.every((keys) => keys.join('\n') === first.join('\n')) ? first : [];
}

/**
 * The credentials a claimant signed in with, in their language, for texts that tell them to sign
 * in again with the same ones ("VIN, Notice ID and PIN"): the labels joined as the culture joins a
 * list; a neutral wording when none are known, so that no text names a credential the form does
 * not ask for.
 */
export function signInDetails(labelKeys: readonly string[], t: (key: string) => string, culture: string): string {
  if (labelKeys.length === 0) return t(ANY_SIGN_IN_DETAILS_KEY);
  return new Intl.ListFormat(culture, { style: 'long', type: 'conjunction' }).format(labelKeys.map((key) => t(key)));
}
