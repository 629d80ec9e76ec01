// A JSON diff of two untrusted values (tool arguments, results) as a list of changed
// paths. The structural diff is fast-json-patch's `compare` (RFC 6902 operations, already
// the panel's JSON Patch library); text that is not JSON falls back to a character diff
// (jsdiff), bounded so a huge unrelated pair cannot stall the panel.
import { diffChars, type ChangeObject } from 'diff';
// The default export: the package's CommonJS build has no named exports Node can see (bench/).
import jsonPatch from 'fast-json-patch';

const { compare, getValueByPointer } = jsonPatch;

export interface JsonChange {
  readonly kind: 'added' | 'removed' | 'changed';
  /** JSON Pointer (RFC 6901); '' is the whole value. */
  readonly path: string;
  readonly a?: unknown;
  readonly b?: unknown;
}

export type ValueDiff =
  | { readonly kind: 'same' }
  | { readonly kind: 'json'; readonly changes: readonly JsonChange[] }
  | { readonly kind: 'text'; readonly parts: readonly ChangeObject<string>[] }
  | { readonly kind: 'too-large'; readonly aLength: number; readonly bLength: number };

/** Beyond this many edits a character diff says "too many changes" instead. */
const MAX_TEXT_EDITS = 500;
/** Longer texts are not diffed character by character (the cost grows with length × edits). */
const MAX_TEXT_CHARS = 20_000;

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Tool arguments and string results often hold JSON text: diff its value when it parses. */
export function asJson(value: unknown): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  if (typeof value !== 'string') return { ok: true, value };
  const t = value.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(t) as unknown };
  } catch {
    return { ok: false };
  }
}

function structural(a: unknown, b: unknown): readonly JsonChange[] {
  // compare() mutates nothing but needs containers of one kind at the root.
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b))
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ kind: 'changed', path: '', a, b }];
  return compare(a, b).map((op): JsonChange => {
    if (op.op === 'add') return { kind: 'added', path: op.path, b: op.value };
    const before = getValueByPointer(a, op.path) as unknown;
    if (op.op === 'remove') return { kind: 'removed', path: op.path, a: before };
    return { kind: 'changed', path: op.path, a: before, b: 'value' in op ? (op.value as unknown) : undefined };
  });
}

function textDiff(a: string, b: string): ValueDiff {
  if (a === b) return { kind: 'same' };
  if (a.length > MAX_TEXT_CHARS || b.length > MAX_TEXT_CHARS)
    return { kind: 'too-large', aLength: a.length, bLength: b.length };
  const parts = diffChars(a, b, { maxEditLength: MAX_TEXT_EDITS });
  return parts === undefined ? { kind: 'too-large', aLength: a.length, bLength: b.length } : { kind: 'text', parts };
}

/** Diff two values the way a reader compares them: as JSON when both are, else as text. */
export function diffValues(a: unknown, b: unknown): ValueDiff {
  const ja = asJson(a);
  const jb = asJson(b);
  if (ja.ok && jb.ok) {
    const changes = structural(ja.value, jb.value);
    return changes.length === 0 ? { kind: 'same' } : { kind: 'json', changes };
  }
  const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return textDiff(text(a), text(b));
}

/** Prose (assistant text): word-level, bounded like the character diff. */
export { textDiff };
