/** JSON text as configurers write it: parse errors and values placed at their line and column. */
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { pointerSegments } from '../runtime/core/flow/issues.js';

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The 1-based line and column of a JSON pointer in the text (the nearest existing ancestor when absent). */
export function locate(text: string, jsonPointer: string): { line: number; column: number } {
  const tree = parseTree(text);
  let offset = 0;
  if (tree) {
    const segments = pointerSegments(jsonPointer);
    for (let n = segments.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, segments.slice(0, n));
      if (node) {
        // A property's key is where an editor should land.
        offset = node.parent?.type === 'property' ? node.parent.offset : node.offset;
        break;
      }
    }
  }
  return lineColumn(text, offset);
}

export type ParsedJson = { ok: true; json: unknown } | { ok: false; errors: Array<{ message: string; line: number; column: number }> };

/** Strict JSON (no comments, no trailing commas), with every syntax error at its line and column. */
export function parseJsonText(text: string): ParsedJson {
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0) return { ok: false, errors: errors.map((e) => ({ message: `not valid JSON: ${printParseErrorCode(e.error)}`, ...lineColumn(text, e.offset) })) };
  const json: unknown = JSON.parse(text);
  return { ok: true, json };
}
