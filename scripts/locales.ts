/**
 * npm run locales:add <folder> <key> --en "text" --es "texto"
 *   Adds a localization key to every locale file of a settlement folder (its locales/, or the
 *   folder itself when it holds the locale files), each with its culture's text (--<culture>),
 *   keeping each file's key order and formatting. Files that hold the key already are left alone.
 *
 * npm run locales:sync <folder>
 *   Adds every text the runtime itself shows that the folder's locale files lack (after an upgrade
 *   of the product), with the product's default text in each culture, and lists what it added.
 *
 * npm run locales:keys
 *   Rewrites the list of the keys the runtime itself uses, and the table of the server's own
 *   messages (LocKey_Server_*, from server/errors.ts), in docs/configuring.md, from the code.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addLocaleKey, AddKeyError } from '../tooling/locales/add-key';
import { runtimeLocaleKeys, serverMessages, withRuntimeKeys, withServerMessages } from '../tooling/locales/runtime-keys';
import { SyncError, syncRuntimeTexts, type SyncedLocale } from '../tooling/locales/sync';
import { SERVER_ERRORS } from '../server/errors';

const [command, ...args] = process.argv.slice(2);

if (command === 'keys') {
  const doc = fileURLToPath(new URL('../docs/configuring.md', import.meta.url));
  writeFileSync(doc, withServerMessages(withRuntimeKeys(readFileSync(doc, 'utf8'), runtimeLocaleKeys()), serverMessages(SERVER_ERRORS)));
  console.log("locales:keys: docs/configuring.md lists the keys the runtime uses and the server's own messages");
} else if (command === 'sync') {
  const [folder] = args;
  if (!folder) {
    console.error('usage: npm run locales:sync <folder>');
    process.exit(2);
  }
  let synced: SyncedLocale[] = [];
  try {
    synced = syncRuntimeTexts(folder);
  } catch (err) {
    if (!(err instanceof SyncError)) throw err;
    console.error(`locales:sync: ${err.message}`);
    process.exit(1);
  }
  if (synced.length === 0) console.log(`locales:sync: the locale files of ${folder} hold every text the runtime shows`);
  for (const { file, added, inEnglish } of synced) {
    console.log(`${file}: added ${added.length} text(s): ${added.join(', ')}`);
    if (inEnglish.length > 0) console.log(`  in English, to translate (the product has no text in this language): ${inEnglish.join(', ')}`);
  }
} else if (command === 'add') {
  const texts: Record<string, string> = {};
  const positional: string[] = [];
  const pending = [...args];
  for (let arg = pending.shift(); arg !== undefined; arg = pending.shift()) {
    if (arg.startsWith('--')) texts[arg.slice(2)] = pending.shift() ?? '';
    else positional.push(arg);
  }
  const [folder, key] = positional;
  if (!folder || !key) {
    console.error('usage: npm run locales:add <folder> <key> --en "text" --es "texto"');
    process.exit(2);
  }
  try {
    const { added, present } = addLocaleKey(folder, key, texts);
    for (const file of added) console.log(`added ${key} to ${file}`);
    for (const file of present) console.log(`${file} already has ${key} (left as it was)`);
  } catch (err) {
    if (!(err instanceof AddKeyError)) throw err;
    console.error(`locales:add: ${err.message}`);
    process.exit(1);
  }
} else {
  console.error('usage: npm run locales:add <folder> <key> --en "text" --es "texto" | npm run locales:sync <folder> | npm run locales:keys');
  process.exit(2);
}
