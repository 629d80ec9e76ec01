// Where a lifecycle event's threadId / runId sit in the body bytes, so a replay can put
// the app's own ids there without re-encoding anything else: every `"threadId": "<v>"`
// (and runId) inside the frame whose value is the event's own top-level value (an echoed
// `input` carries the same ids and is rewritten with them). Keys and quotes are ASCII, so
// the search runs on the UTF-8 bytes directly.
import { concatBytes } from '../bytes.js';
import type { IdField, IdPatch } from './types.js';

export const LIFECYCLE_TYPES: ReadonlySet<string> = new Set(['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR']);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number | undefined): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** End (exclusive) of the JSON string literal starting at `start` (a quote), or -1. */
function literalEnd(body: Uint8Array, start: number, limit: number): number {
  for (let i = start + 1; i < limit; i++) {
    const b = body[i];
    if (b === BACKSLASH) i++;
    else if (b === QUOTE) return i + 1;
  }
  return -1;
}

function keyBytes(field: IdField): Uint8Array {
  return new TextEncoder().encode(`"${field}"`);
}

function matchesAt(body: Uint8Array, at: number, needle: Uint8Array): boolean {
  for (let j = 0; j < needle.length; j++) if (body[at + j] !== needle[j]) return false;
  return true;
}

/** Patches for one frame [start, end) of `body` whose event payload is `payload`. */
export function idPatchesIn(body: Uint8Array, start: number, end: number, payload: unknown): IdPatch[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const p = payload as Record<string, unknown>;
  const out: IdPatch[] = [];
  const dec = new TextDecoder();
  for (const field of ['threadId', 'runId'] as const) {
    const value = p[field];
    if (typeof value !== 'string') continue;
    const key = keyBytes(field);
    for (let i = start; i + key.length <= end; i++) {
      if (body[i] !== QUOTE || !matchesAt(body, i, key)) continue;
      let j = i + key.length;
      while (isSpace(body[j])) j++;
      if (body[j] !== 0x3a) continue;
      j++;
      while (isSpace(body[j])) j++;
      if (body[j] !== QUOTE) continue;
      const litEnd = literalEnd(body, j, end);
      if (litEnd < 0) continue;
      try {
        if (JSON.parse(dec.decode(body.subarray(j, litEnd))) === value) out.push({ start: j, end: litEnd, field });
      } catch {
        // not a literal after all
      }
      i = litEnd - 1;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The body with every patch replaced by the JSON literal of the given id (pure; the tap has its own). */
export function applyIdPatches(
  body: Uint8Array,
  patches: readonly IdPatch[],
  ids: Partial<Record<IdField, string>>,
): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const p of patches) {
    const id = ids[p.field];
    if (id === undefined) continue;
    parts.push(body.subarray(from, p.start), enc.encode(JSON.stringify(id)));
    from = p.end;
  }
  parts.push(body.subarray(from));
  return concatBytes(parts);
}
