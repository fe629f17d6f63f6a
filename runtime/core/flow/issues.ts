/** One problem in a configuration file: where it is, what is wrong and how to fix it. */
export interface FlowIssue {
  /** The file, as given to the loader ('flows/automotive.json'). */
  file: string;
  /** JSON pointer inside the file ('' = the whole file): '/pages/1/blocks/2/fields/0/key'. */
  pointer: string;
  message: string;
  /** How to fix it. */
  hint: string;
  /** 1-based position in the file, when the text was available (filled by the folder checker). */
  line?: number;
  column?: number;
}

export type LoadResult<T> = { ok: true; value: T; errors: [] } | { ok: false; errors: FlowIssue[] };

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON pointer from segments: pointer('pages', 0, 'id') -> '/pages/0/id'. */
export function pointer(...segments: Array<string | number>): string {
  return segments.map((s) => `/${pointerSegment(s)}`).join('');
}

/** The segments of a JSON pointer: '/pages/0/id' -> ['pages', 0, 'id'] (numbers for array indexes). */
export function pointerSegments(ptr: string): Array<string | number> {
  if (ptr === '') return [];
  return ptr
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

/** 'flows/automotive.json:12:7 /pages/1/blocks/0 — message (hint)' */
export function formatIssue(issue: FlowIssue): string {
  const where = issue.line !== undefined ? `${issue.file}:${issue.line}:${issue.column ?? 1}` : issue.file;
  return `${where} ${issue.pointer || '/'} — ${issue.message} (${issue.hint})`;
}
