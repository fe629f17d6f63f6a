import type { StartupAnswers } from '../api/client';
import type { AppSettings } from '../types';

/**
 * The start pages drawn on the server: the build's second entry (runtime/app/prerender.tsx, built
 * by `vite build --ssr` into dist/server/) exports `prerenderPage`, which the server's app shell
 * loads by file path and calls once per page, culture and settlement. Typed here so that both
 * sides share it without the server importing the app.
 */
export interface PrerenderInput {
  /** The page's address: path and query (`/resume?culture=es`). */
  url: string;
  /** The settings the page embeds (app-settings). */
  settings: AppSettings;
  /** The startup answers the page embeds (app-bootstrap), for the page's culture; read once. */
  answers: StartupAnswers;
  /** The time the §2 guards run at (a start page past its deadline is not drawn). */
  now: Date;
}

/** A page drawn on the server. */
export interface PrerenderedPage {
  /** The HTML inside `<div id="root">`. */
  html: string;
  /** The page's browser title as the app sets it (page, form, settlement, in the page's culture); null when the page names none. */
  title: string | null;
}

/** The page drawn at the address, or null when the address does not draw a page of its own (a guard redirects). */
export type PrerenderPage = (input: PrerenderInput) => Promise<PrerenderedPage | null>;

/** The built prerenderer's file, under the build's server folder (dist/server). */
export const PRERENDER_FILE = 'prerender.js';
/** Its export. */
export const PRERENDER_EXPORT = 'prerenderPage';

/**
 * Set on <html> by the app once its layout is on screen (it runs): until then a page's forms do
 * nothing, and a Next tapped meanwhile shows the page-load spinner (the app shell's inline script),
 * which makes that press once the app runs.
 */
export const APP_RUNNING_ATTRIBUTE = 'data-app-running';

/** Id of the page's primary action button (Next, Continue, Submit): Enter in a typed field presses it. */
export const PRIMARY_ACTION_ID = 'cf-page-primary-action';

/** Inputs that are not typed into: Enter there keeps its own meaning (or none), it presses no primary action. */
export const NOT_TYPED_INPUT_TYPES: readonly string[] = ['button', 'checkbox', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit', 'color'];
