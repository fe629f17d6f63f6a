import { devError } from '../errors';
import type { FieldValue, ModelConfig } from '../types';

/** 'ClaimantInfo' -> 'claimantInfo'; already camel-cased names are unchanged. */
export function camelCase(name: string): string {
  return name.length === 0 ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** Camel-cases the keys of a record (prepopulated data arrives PascalCase on the wire). */
export function camelCaseKeys<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(record)) out[camelCase(key)] = value;
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What an entry of GET /api/forms/config lacks, empty when it is acceptable (spec §3). */
function missingParts(entry: unknown): string[] {
  if (!isRecord(entry)) return ['metadataHash', 'metadata.dtoMapping', 'fields'];
  const missing: string[] = [];
  if (typeof entry.metadataHash !== 'string' || entry.metadataHash === '') missing.push('metadataHash');
  const metadata = entry.metadata;
  if (!isRecord(metadata) || typeof metadata.dtoMapping !== 'string' || metadata.dtoMapping === '') {
    missing.push('metadata.dtoMapping');
  }
  if (!isRecord(entry.fields)) missing.push('fields');
  return missing;
}

/**
 * Accepts the server's model configs. Every entry must carry metadataHash, metadata.dtoMapping
 * and fields; the first entry that does not is rejected with MODEL_CONFIG_REJECTED naming its
 * index and what it lacks (all lacking entries are listed, so one fix round is enough).
 */
export function acceptModelConfigs(configs: unknown[]): ModelConfig[] {
  if (!Array.isArray(configs)) throw devError('MODEL_CONFIG_REJECTED', 'the model config list is not an array');
  const problems: string[] = [];
  configs.forEach((entry, index) => {
    const missing = missingParts(entry);
    if (missing.length > 0) problems.push(`entry ${index} has no ${missing.join(', ')}`);
  });
  if (problems.length > 0) throw devError('MODEL_CONFIG_REJECTED', problems.join('; '));
  // Every entry has what spec §3 requires of it (checked above).
  return configs.filter((entry): entry is ModelConfig => missingParts(entry).length === 0);
}

/** The empty field record of a model config: every field name mapped to null. */
export function emptyFields(config: ModelConfig): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const name of Object.keys(config.fields)) fields[name] = null;
  return fields;
}
