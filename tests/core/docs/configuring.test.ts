/**
 * docs/configuring.md against the registries: every registered widget, block, mask and rule kind
 * has a row (or a `### \`name\`` heading) in its section of the guide, and the guide names nothing
 * the registries do not know.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import flowSchema from '../../../schemas/flow.schema.json';
import { WIDGET_NAMES } from '../../../runtime/core/flow/cross-check';
import { MASK_NAMES } from '../../../runtime/core/masks';
import { RULE_KINDS, ruleAdapters } from '../../../runtime/core/rules';

const GUIDE = 'docs/configuring.md';
const guide = readFileSync(new URL(`../../../${GUIDE}`, import.meta.url), 'utf8');

/** The text under `## <title>` up to the next `## ` heading. */
function section(title: string): string {
  const lines = guide.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Names documented in a section: the first cell of a table row, or a `### \`name\`` heading. */
function documentedNames(title: string): string[] {
  const names = new Set<string>();
  for (const line of section(title).split('\n')) {
    const row = /^\|\s*`([^`]+)`\s*\|/.exec(line);
    const heading = /^###\s+`([^`]+)`\s*$/.exec(line);
    const name = row?.[1] ?? heading?.[1];
    if (name) names.add(name);
  }
  return [...names].sort();
}

function compare(title: string, registered: readonly string[], registry: string) {
  const documented = documentedNames(title);
  const undocumented = registered.filter((name) => !documented.includes(name)).sort();
  const unknown = documented.filter((name) => !registered.includes(name));
  expect(
    { undocumented, unknown },
    [
      `${GUIDE} "## ${title}" and ${registry} disagree.`,
      undocumented.length ? `Registered but not documented (add a table row \`| \`name\` | example | what it looks like |\`): ${undocumented.join(', ')}` : '',
      unknown.length ? `Documented but not registered (remove the row or register the name): ${unknown.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  ).toEqual({ undocumented: [], unknown: [] });
}

const blockNames = (flowSchema as { definitions: { block: { properties: { block: { enum: string[] } } } } }).definitions.block.properties.block.enum;

describe('docs/configuring.md documents every registered name, and only those', () => {
  it('has a section per registry', () => {
    for (const title of ['Widgets', 'Blocks', 'Masks', 'Rule kinds']) expect(section(title), `${GUIDE} needs a "## ${title}" section`).not.toBe('');
  });

  it('documents every widget of the widget registry', () => {
    compare('Widgets', WIDGET_NAMES, 'WIDGET_NAMES (runtime/core/flow)');
  });

  it('documents every block kind of the flow schema', () => {
    compare('Blocks', blockNames, 'the block kinds of schemas/flow.schema.json');
  });

  it('documents every mask of the mask registry', () => {
    compare('Masks', MASK_NAMES, 'MASK_NAMES (runtime/core/masks)');
  });

  it('documents every rule kind of the rule registry', () => {
    expect(Object.keys(ruleAdapters).sort()).toEqual([...RULE_KINDS].sort());
    compare('Rule kinds', RULE_KINDS, 'RULE_KINDS (runtime/core/rules)');
  });

  it('finds names in table rows and in headings, and nothing else', () => {
    expect(documentedNames('Blocks')).toContain('records');
    expect(documentedNames('No such section')).toEqual([]);
  });
});
