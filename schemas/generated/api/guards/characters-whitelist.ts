/**
 * Generated from schemas/api/*.schema.json by `npm run schemas:types` (scripts/schemas-contract.ts): a narrowing function per answer of characters-whitelist.
 * Do not edit: change the schemas, then run the command again.
 */

import type { CharactersWhitelistAnswer } from '../characters-whitelist';
import { isRecord } from './record';

/** Whether an answer has the shape of CharactersWhitelistAnswer (schemas/api/characters-whitelist.schema.json). */
export const isCharactersWhitelistAnswer = (v0: unknown): v0 is CharactersWhitelistAnswer =>
  (isRecord(v0) && typeof v0["allowedCharacters"] === 'string');
