// JSON Patch (RFC 6902) as the client applies STATE_DELTA and ACTIVITY_DELTA: validated, on
// a copy, prototype changes refused (the patch is page data). An operation whose `op` RFC
// 6902 does not define is an unrecognised union member: the client drops that element with
// a warning and applies the rest (AG-UI draft › Processing model). Shared by the rules and
// the panel's State view, so both replay a patch the same way.
// The default export: Node loads the CommonJS build (no named exports), bundlers the ES one.
import fastJsonPatch, { type Operation } from 'fast-json-patch';

const { applyPatch } = fastJsonPatch;

const RFC6902_OPS: ReadonlySet<string> = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

export type PatchResult =
  | {
      readonly value: unknown;
      /** Indexes of operations dropped because their `op` is not an RFC 6902 operation. */
      readonly dropped: readonly number[];
    }
  | { readonly error: string };

function unknownOp(op: unknown): boolean {
  if (typeof op !== 'object' || op === null || Array.isArray(op)) return false;
  const name = (op as Record<string, unknown>)['op'];
  return typeof name === 'string' && !RFC6902_OPS.has(name);
}

/** The patched document (and the operations dropped on the way), or why it does not apply. */
export function applyJsonPatch(doc: unknown, patch: unknown): PatchResult {
  if (!Array.isArray(patch)) return { error: 'the patch is not an array of operations' };
  const dropped: number[] = [];
  const kept = patch.filter((op: unknown, i) => {
    if (!unknownOp(op)) return true;
    dropped.push(i);
    return false;
  });
  try {
    return { value: applyPatch(doc, kept as Operation[], true, false, true).newDocument, dropped };
  } catch (e) {
    const message = e instanceof Error ? (e.message.split('\n')[0] ?? e.name) : String(e);
    return { error: message.length > 300 ? `${message.slice(0, 300)}…` : message };
  }
}
