/**
 * The honeypot: a text field every form carries that people never see or reach (it is outside
 * the accessibility tree and the tab order) and so always leave empty, while a script filling
 * every input fills it. The browser sends it with the submit as one more text part; the server
 * takes it out before reading the payload and screens a claim that filled it (reason `honeypot`).
 * Its name is one no browser autofill or password manager recognises.
 */
export const HONEYPOT_FIELD = 'claimNotes';
