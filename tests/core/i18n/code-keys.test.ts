import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../../server/errors';
import { documentedRuntimeKeys, documentedServerKeys, runtimeLocaleKeys, serverMessages, serverMessagesMarkdown } from '../../../tooling/locales/runtime-keys';

/** Every localization key written in the runtime's code exists in every shipped locale and is listed in the docs. */
const ROOT = join(__dirname, '../../..');

describe('localization keys used by the code', () => {
  const used = runtimeLocaleKeys();

  it.each(['en', 'es'])('are all defined in locales/%s.json', (culture) => {
    const locale = JSON.parse(readFileSync(join(ROOT, 'locales', `${culture}.json`), 'utf8')) as Record<string, string>;
    const missing = used.filter((key) => !(key in locale));
    expect(missing, `keys used in runtime/ but missing from locales/${culture}.json`).toEqual([]);
  });

  it('are the ones docs/configuring.md lists (npm run locales:keys rewrites the list)', () => {
    expect(used.length).toBeGreaterThan(50);
    expect(used).toContain('LocKey_Button_Back');
    expect(used).toContain('LocKey_ErrorSummary_Heading');
    expect(documentedRuntimeKeys(readFileSync(join(ROOT, 'docs', 'configuring.md'), 'utf8'))).toEqual(used);
  });

  it("docs/configuring.md lists the server's own messages, every key of its catalogue with its English text (npm run locales:keys rewrites the table)", () => {
    const messages = serverMessages(SERVER_ERRORS);
    expect(messages.length).toBeGreaterThan(30);
    expect(messages.map((m) => m.key)).toContain('LocKey_Server_UnknownCulture');
    const doc = readFileSync(join(ROOT, 'docs', 'configuring.md'), 'utf8');
    expect(documentedServerKeys(doc)).toEqual(messages.map((m) => m.key));
    expect(doc).toContain(serverMessagesMarkdown(messages));
  });
});
