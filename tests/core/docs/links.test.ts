/**
 * The README and the manual in docs/ link each other: every relative link (and its #anchor, as
 * the repository host slugs headings) must lead somewhere, so a page moved or a heading renamed
 * fails here instead of leaving a reader at a dead end.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function markdownFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const relative = path.join(folder, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return markdownFiles(relative);
    return name.endsWith('.md') ? [relative] : [];
  });
}

const withoutCode = (text: string): string => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

const slug = (heading: string): string =>
  heading.trim().toLowerCase().replace(/<[^>]+>/g, '').replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

/** The anchors a Markdown file's headings get (a repeated heading gets -1, -2, …). */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** Each broken relative link of one file, as "file: target — why". */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  const text = withoutCode(readFileSync(path.join(ROOT, file), 'utf8'));
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z]+:/i.test(target)) continue;
    const [linked = '', anchor] = target.split('#');
    const absolute = linked === '' ? path.join(ROOT, file) : path.resolve(ROOT, path.dirname(file), decodeURI(linked));
    if (!existsSync(absolute)) {
      broken.push(`${file}: ${target} — no such file`);
      continue;
    }
    if (anchor !== undefined && absolute.endsWith('.md') && !anchorsOf(absolute).has(anchor)) {
      broken.push(`${file}: ${target} — no heading #${anchor}`);
    }
  }
  return broken;
}

describe('the README and docs/', () => {
  const files = ['README.md', ...markdownFiles('docs')];

  it('keeps the README a README (at most 200 lines)', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });

  it('has no broken relative link or anchor', () => {
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });
});
