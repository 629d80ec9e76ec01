// The argument scrubber: what the argument text looked like as of one delta, parsed as
// far as it goes. Computed on demand (never per event) for the one position shown.
//
// Parser choice, by measurement (bench/partial-json.bench.ts: 40 prefixes of a 207 KB
// argument text, Node 20, shared 2-core box): partial-json 517 ops/s vs
// best-effort-json-parser 73 ops/s (a second run under load: 188 vs 45; `vitest bench`:
// 133 vs 43). partial-json is 3-7x faster, throws only on an empty prefix, has no global
// logger state, and ships as ESM; best-effort-json-parser stays a dev dependency for the
// bench only. partial-json is already a runtime dependency.
import { Allow, parse } from 'partial-json';
import { createJsonScan, scanJson } from './json-state.js';
import type { ToolCallModel } from '../model/types.js';

export interface PartialArgs {
  /** The argument text up to and including the delta. */
  readonly text: string;
  /** Which segment (0 = first open, k = k-th reopen) the delta belongs to. */
  readonly segment: number;
  /** The value the prefix parses to, completing open strings/containers. */
  readonly value?: unknown;
  /** Why no value: empty text, or text that is not a JSON prefix (e.g. `{}{`). */
  readonly error?: string;
}

export function partialArgsAt(call: ToolCallModel, deltaIndex: number): PartialArgs {
  const delta = call.deltas[Math.min(deltaIndex, call.deltas.length - 1)];
  const text = delta ? call.args.slice(0, delta.offset + delta.length) : '';
  const segment = delta?.segment ?? 0;
  if (text.trim() === '') return { text, segment, error: 'no argument text yet' };
  // partial-json silently drops what follows a complete value (`{}{"a"` reads as {}),
  // which would hide exactly what the scrubber is for; the scanner says what the text is.
  const scan = createJsonScan();
  scanJson(scan, text);
  if (scan.error)
    return { text, segment, error: `not JSON from position ${scan.error.position}: ${scan.error.message}` };
  if (scan.count > 1 || (scan.count === 1 && scan.mode !== 'after')) {
    return { text, segment, error: 'several JSON values back to back (a re-stream or misrouted arguments)' };
  }
  try {
    const value: unknown = parse(text, Allow.ALL);
    return { text, segment, value };
  } catch (e) {
    return { text, segment, error: e instanceof Error ? e.message : String(e) };
  }
}
