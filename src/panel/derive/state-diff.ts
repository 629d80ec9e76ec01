// What changed between two states of a run (any two steps of the State view): the JSON
// Patch (RFC 6902) fast-json-patch computes from one to the other, read back as changes
// with the value before and after, sorted by path. States are page data: only their own
// keys are read, and a value that is not an object or array is compared as a whole.
import { compare, getValueByPointer } from 'fast-json-patch';

export interface StateChange {
  readonly kind: 'added' | 'removed' | 'changed';
  /** JSON Pointer ('' is the whole state). */
  readonly path: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

const isTree = (v: unknown): v is object => typeof v === 'object' && v !== null;

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

export function stateDiff(from: unknown, to: unknown): StateChange[] {
  if (!isTree(from) || !isTree(to) || Array.isArray(from) !== Array.isArray(to)) {
    if (from === undefined && to === undefined) return [];
    if (sameJson(from, to)) return [];
    if (from === undefined) return [{ kind: 'added', path: '', after: to }];
    if (to === undefined) return [{ kind: 'removed', path: '', before: from }];
    return [{ kind: 'changed', path: '', before: from, after: to }];
  }
  const changes: StateChange[] = [];
  for (const op of compare(from, to)) {
    const before = (): unknown => {
      try {
        return getValueByPointer(from, op.path) as unknown;
      } catch {
        return undefined;
      }
    };
    if (op.op === 'add') changes.push({ kind: 'added', path: op.path, after: op.value });
    else if (op.op === 'remove') changes.push({ kind: 'removed', path: op.path, before: before() });
    else if (op.op === 'replace') changes.push({ kind: 'changed', path: op.path, before: before(), after: op.value });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A value as one line of JSON, cut at `max` characters (the tree has it whole). */
export function compactJson(v: unknown, max = 160): string {
  let s: string;
  try {
    s = v === undefined ? 'undefined' : (JSON.stringify(v) ?? String(v));
  } catch {
    s = '(not JSON)';
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
