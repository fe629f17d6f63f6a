/**
 * Typed reads of the working documents (the folder's files as JSON, being edited). A document
 * mid-edit may not hold its schema yet — the checker says where — so each read takes what has
 * the shape the editors and the preview draw, and leaves out what does not.
 */
import type { SiteBanner, SiteFile, SiteLanguage, SiteLink } from '../../runtime/core/site/chrome';
import { isDeadlinesAnswer } from '../../schemas/generated/api/guards/deadlines';
import { normalizeDeadlines } from '../../runtime/core/deadlines/normalize';
import type { AppSettings, DeadlineSettings, FlowFile, ModelConfig } from '../../runtime/core/types';
import { isFlowFile, isRecord, itemsOf, recordOr, stringMembers } from '../json';
import type { Documents } from './api';

/** The flow file `id`, when it is one. */
export function flowIn(docs: Documents, id: string): FlowFile | undefined {
  const doc = docs[id];
  return isFlowFile(doc) ? doc : undefined;
}

/** The folder's flow files (flows/*.json). */
export const flowsIn = (docs: Documents): FlowFile[] =>
  Object.entries(docs)
    .filter(([id]) => id.startsWith('flows/'))
    .map(([, doc]) => doc)
    .filter(isFlowFile);

/** A model config on its surface: its metadata's form type and dtoMapping, and its fields. */
const isModelConfig = (value: unknown): value is ModelConfig =>
  isRecord(value) && isRecord(value.metadata) && typeof value.metadata.formType === 'string' && typeof value.metadata.dtoMapping === 'string' && isRecord(value.fields);

/** The model configs of a models.json document. */
export const modelConfigsOf = (modelsDoc: unknown): ModelConfig[] => itemsOf(recordOr(modelsDoc).models, isModelConfig);

const isTextMap = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every((text) => typeof text === 'string');

/** A locale file's texts by key: the document itself when every value is a text (as the checker holds it), else its texts. */
export function textsOf(localeDoc: unknown): Record<string, string> {
  if (isTextMap(localeDoc)) return localeDoc;
  return stringMembers(localeDoc);
}

const isSiteLink = (value: unknown): value is SiteLink => isRecord(value) && typeof value.labelKey === 'string' && (typeof value.url === 'string' || typeof value.form === 'string');
const isSiteLanguage = (value: unknown): value is SiteLanguage => isRecord(value) && typeof value.culture === 'string' && typeof value.labelKey === 'string';
const isSiteBanner = (value: unknown): value is SiteBanner =>
  isRecord(value) && typeof value.enabled === 'boolean' && typeof value.headerKey === 'string' && typeof value.line1Key === 'string' && typeof value.line2Key === 'string';

/** site.json's parts that have their shape (a part being written is left to its default). */
export function siteOf(siteDoc: unknown): SiteFile | undefined {
  if (!isRecord(siteDoc)) return undefined;
  const { logo, banner } = siteDoc;
  const links = (name: 'header' | 'contentHeader' | 'wouldLikeTo') => (Array.isArray(siteDoc[name]) ? { [name]: itemsOf(siteDoc[name], isSiteLink) } : {});
  return {
    ...(isRecord(logo) && typeof logo.file === 'string' && typeof logo.altKey === 'string' ? { logo: { file: logo.file, altKey: logo.altKey } } : {}),
    ...links('header'),
    ...links('contentHeader'),
    ...links('wouldLikeTo'),
    ...(Array.isArray(siteDoc.languages) ? { languages: itemsOf(siteDoc.languages, isSiteLanguage) } : {}),
    ...(isSiteBanner(banner) ? { banner } : {}),
  };
}

/** settings.json's members that the app's settings take, each when it has its type. */
export function settingsOf(settingsDoc: unknown): Partial<AppSettings> | undefined {
  if (!isRecord(settingsDoc)) return undefined;
  const { analyticsTagId, analyticsTagId2, client, captchaEnabled, redirectOnError, internationalAddresses } = settingsDoc;
  const tagOrNull = (tag: unknown) => typeof tag === 'string' || tag === null;
  return {
    ...(tagOrNull(analyticsTagId) && { analyticsTagId: typeof analyticsTagId === 'string' ? analyticsTagId : null }),
    ...(tagOrNull(analyticsTagId2) && { analyticsTagId2: typeof analyticsTagId2 === 'string' ? analyticsTagId2 : null }),
    ...(isRecord(client) && typeof client.minSessionDuration === 'number' && { client: { ...client, minSessionDuration: client.minSessionDuration } }),
    ...(typeof captchaEnabled === 'boolean' && { captchaEnabled }),
    ...(typeof redirectOnError === 'boolean' && { redirectOnError }),
    ...(typeof internationalAddresses === 'boolean' && { internationalAddresses }),
  };
}

/**
 * The deadlines as the claimant server gives them to the app (deadlines.json wins over
 * deadlines.legacy.json), so that a text naming a deadline date shows the date. A file mid-edit
 * that does not read as deadlines gives none: the checker says what is wrong with it.
 */
export function deadlinesOf(deadlinesDoc: unknown, legacyDoc: unknown): DeadlineSettings {
  const doc = deadlinesDoc ?? legacyDoc;
  if (!isDeadlinesAnswer(doc)) return {};
  try {
    return normalizeDeadlines(doc);
  } catch {
    return {};
  }
}
