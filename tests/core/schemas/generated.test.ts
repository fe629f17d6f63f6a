import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND, GENERATED_DIR, generateSchemaTypes, typingSchema, withoutLabels } from '../../../scripts/schemas-types';

function committedFiles(dir = GENERATED_DIR, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? committedFiles(path.join(dir, entry.name), rel) : [rel];
  });
}

/** The first differing line, to say where a committed file went stale. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at < 0 ? a.length : at;
  return `line ${line + 1}: committed ${JSON.stringify(a[line] ?? '<end of file>')}, generated ${JSON.stringify(b[line] ?? '<end of file>')}`;
}

describe('schemas/generated holds the types of the JSON Schemas', () => {
  it('matches what the generator writes today, file by file', { timeout: 30_000 }, async () => {
    const fresh = await generateSchemaTypes();
    const committed = new Set(committedFiles());
    const problems: string[] = [];
    for (const [rel, text] of fresh) {
      if (!committed.has(rel)) {
        problems.push(`schemas/generated/${rel} is missing`);
        continue;
      }
      const current = readFileSync(path.join(GENERATED_DIR, rel), 'utf8');
      if (current !== text) problems.push(`schemas/generated/${rel} is stale (${firstDifference(current, text)})`);
    }
    for (const rel of committed) if (!fresh.has(rel)) problems.push(`schemas/generated/${rel} has no schema any more; delete it`);
    expect(problems, `The generated types differ from the schemas. Run \`${COMMAND}\` and commit schemas/generated/.\n${problems.join('\n')}`).toEqual([]);
  });

  it("declares the API's error answer once, in shared.ts, from which each call's types import it", () => {
    const declaring = committedFiles().filter((rel) => readFileSync(path.join(GENERATED_DIR, rel), 'utf8').includes('export interface ErrorResponse '));
    expect(declaring).toEqual(['api/shared.ts']);
    expect(readFileSync(path.join(GENERATED_DIR, 'api/csrf.ts'), 'utf8')).toContain("import type { ErrorResponse } from './shared';");
  });

  it('types an if/then tagged union as the union of its branches', () => {
    const schema = {
      type: 'object',
      required: ['block'],
      properties: { block: { enum: ['a', 'b'] } },
      allOf: [
        { if: { properties: { block: { const: 'a' } } }, then: { $ref: '#/definitions/a' } },
        { if: { properties: { block: { const: 'b' } } }, then: { $ref: '#/definitions/b' } },
      ],
    };
    expect(typingSchema(schema)).toEqual({ description: undefined, oneOf: [{ $ref: '#/definitions/a' }, { $ref: '#/definitions/b' }] });
  });

  it('types "exactly one of these property sets" as a union of closed objects', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      maxProperties: 2,
      properties: { scope: { type: 'string' }, schema: { type: 'object' }, not: { type: 'object' } },
      oneOf: [{ required: ['scope', 'schema'] }, { required: ['not'], maxProperties: 1 }],
    };
    expect(typingSchema(schema)).toMatchObject({
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['scope', 'schema'], properties: { scope: { type: 'string' }, schema: { type: 'object' } } },
        { type: 'object', additionalProperties: false, required: ['not'], properties: { not: { type: 'object' } } },
      ],
    });
  });

  it('refuses a property set the schema leaves open to other properties', () => {
    const schema = { type: 'object', additionalProperties: false, properties: { all: {}, any: {} }, oneOf: [{ required: ['all'] }, { required: ['any'] }] };
    expect(() => typingSchema(schema)).toThrow(/must also allow nothing else \(maxProperties 1\)/);
  });

  it('types a schema with annotations only as unknown, not as an object', () => {
    expect(typingSchema({ type: 'object', properties: { min: { description: 'lower bound' } } })).toEqual({
      type: 'object',
      properties: { min: { description: 'lower bound', tsType: 'unknown' } },
    });
  });

  it("drops the titles that label the studio's forms (they name no type), keeping a property named title and titles inside values", () => {
    expect(
      withoutLabels({
        title: 'Settings',
        properties: { theme: { title: 'Theme', enum: ['default'] }, title: { type: 'string', title: 'Title' }, link: { type: 'object', default: { title: 'Home' } } },
      }),
    ).toEqual({ properties: { theme: { enum: ['default'] }, title: { type: 'string' }, link: { type: 'object', default: { title: 'Home' } } } });
  });
});
