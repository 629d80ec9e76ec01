// `redact` for an SSE body or JSONL file too large to hold: read twice, never whole. The
// first pass plans the tool-argument deltas (the one thing redaction needs across the
// stream, ./args-deltas.ts) from their text alone; the second redacts block by
// block (whole SSE events, whole lines) and hands each redacted block to `write`. The
// output is byte for byte what redactFile writes for the same file.
import type { OpenChunks } from '../stream/chunks.js';
import { argsGroup, redactGroup, type ArgsGroupState } from './args-deltas.js';
import { applyEdits } from './edits.js';
import { typeOf, type EventRedactor } from './events.js';
import { redactJsonText, type LexContext } from './json-lex.js';
import { encodeKeepingInvalid } from './mask.js';
import { createReport, type RedactionReport, type RedactOptions } from './options.js';
import { redactSseBlock, sseDataTexts } from './sse-body.js';
import { parseJson } from '../text.js';

export type StreamedFormat = 'sse' | 'jsonl';

/** Blocks of about this many UTF-16 units are redacted at once (whole events or lines). */
const BLOCK = 1 << 20;

/** Whether the bytes read so far were all UTF-8 (a decoder that stops checking at the first fault). */
class Utf8Check {
  invalid = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  see(piece: Uint8Array | undefined): void {
    if (this.invalid) return;
    try {
      if (piece === undefined) this.decoder.decode();
      else this.decoder.decode(piece, { stream: true });
    } catch {
      this.invalid = true;
    }
  }
}

/**
 * Yields the decoded text in blocks that end where `cutIn` says a unit ends. A unit larger
 * than a block (one huge event) is looked for again only when the buffer has doubled, so
 * finding its end stays linear. `fatal`: invalid UTF-8 throws, as redactFile refuses it;
 * else it decodes to U+FFFD, and `check` learns whether there was any.
 */
async function* blocks(
  open: OpenChunks,
  cutIn: (text: string, final: boolean) => number,
  size: number,
  fatal: boolean,
  check?: Utf8Check,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal });
  let buffer = '';
  let want = size;
  for await (const piece of open()) {
    check?.see(piece);
    buffer += decoder.decode(piece, { stream: true });
    if (buffer.length < want) continue;
    const cut = cutIn(buffer, false);
    if (cut <= 0) {
      want = buffer.length * 2;
      continue;
    }
    want = size;
    yield buffer.slice(0, cut);
    buffer = buffer.slice(cut);
  }
  buffer += decoder.decode();
  check?.see(undefined);
  if (buffer !== '') yield buffer;
}

/** After the last blank line whose line ending is certain (a CR at the very end may be half a CRLF). */
export function sseCut(text: string, final: boolean): number {
  const re = /\r\n|\r|\n/g;
  let prevEnd = 0;
  let cut = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (!final && m[0] === '\r' && end === text.length) break;
    if (m.index === prevEnd && m.index > 0) cut = end;
    prevEnd = end;
  }
  return cut;
}

/** After the last LF (JSONL lines are split on LF alone, as redactFile splits them). */
function lineCut(text: string): number {
  return text.lastIndexOf('\n') + 1;
}

// An argument event names its type in its text. Both passes look only at texts with this
// hint, so they agree on which events are argument events (one spelling its type with
// escapes is then redacted as any other event: masked, not planned).
const ARGS_HINT = /TOOL_CALL_(?:ARGS|CHUNK)/;

interface Group {
  /** Pass 1: the call's deltas (joined once planned: a rope of small strings costs more). */
  deltas: string[];
  /** Planned: the redacted text, cut into pieces at `cuts` (piece n is cuts[n]..cuts[n+1]). */
  text: string;
  cuts: Uint32Array;
  next: number;
}

/**
 * The stream's argument deltas, grouped by call as planArgsDeltas groups them, then
 * redacted per call. Memory: the argument text and one offset per delta, not the events;
 * a call's plan is dropped once its last delta is written.
 */
async function planDeltas(
  open: OpenChunks,
  format: StreamedFormat,
  size: number,
  ctx: LexContext,
  check: Utf8Check,
): Promise<Map<string, Group>> {
  const groups = new Map<string, Group>();
  const state: ArgsGroupState = { lastChunkCall: '' };
  let first = true;
  for await (const block of blocks(open, format === 'sse' ? sseCut : lineCut, size, format === 'jsonl', check)) {
    for (const t of format === 'sse' ? sseDataTexts(block, first) : jsonlLines(block)) {
      if (!ARGS_HINT.test(t)) continue;
      const parsed = parseJson(t);
      if (!parsed.ok) continue;
      const key = argsGroup(parsed.value, state);
      if (key === undefined) continue;
      // argsGroup answers only for an event whose delta is a string.
      const delta = (parsed.value as { delta: string }).delta;
      let group = groups.get(key);
      if (group === undefined) {
        group = { deltas: [], text: '', cuts: new Uint32Array(0), next: 0 };
        groups.set(key, group);
      }
      group.deltas.push(delta);
    }
    first = false;
  }
  // One string and one offset per delta a call, not a string per delta: on a generated
  // 500 MB body, 2 million deltas.
  for (const group of groups.values()) {
    const pieces = redactGroup(
      group.deltas.join(''),
      group.deltas.map((d) => d.length),
      ctx,
    );
    group.cuts = new Uint32Array(pieces.length + 1);
    pieces.forEach((p, n) => (group.cuts[n + 1] = group.cuts[n]! + p.length));
    group.text = pieces.join('');
    group.deltas = [];
  }
  return groups;
}

/** Redacts each event with the next planned piece of its call's arguments, in stream order. */
function plannedRedactor(groups: Map<string, Group>, ctx: LexContext): EventRedactor {
  const state: ArgsGroupState = { lastChunkCall: '' };
  return (slot, payload, json) => {
    const key = ARGS_HINT.test(json) ? argsGroup(payload, state) : undefined;
    const group = key === undefined ? undefined : groups.get(key);
    let piece: string | undefined;
    if (key !== undefined && group !== undefined && group.next < group.cuts.length - 1) {
      piece = group.text.slice(group.cuts[group.next], group.cuts[group.next + 1]);
      group.next++;
      // A call's last delta: its plan is no longer needed.
      if (group.next === group.cuts.length - 1) groups.delete(key);
    }
    return redactJsonText(json, { k: 'event', type: typeOf(payload), slot }, { ...ctx, argsDelta: () => piece });
  };
}

/** A block's lines: all but the last LF-terminated, so lines are counted once across blocks. */
function jsonlLines(block: string): string[] {
  const lines = block.split('\n');
  // A block ends after an LF (its last element is then ''), except the file's last block.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export interface StreamRedactResult {
  readonly report: RedactionReport;
  readonly bytes: number;
}

/**
 * Redacts an SSE body or a JSONL file read from `open` (twice), writing the redacted copy
 * block by block. Memory: one block and the planned argument deltas.
 */
export async function redactStream(
  open: OpenChunks,
  format: StreamedFormat,
  options: RedactOptions,
  write: (bytes: Uint8Array) => Promise<void> | void,
  size = BLOCK,
): Promise<StreamRedactResult> {
  const report = createReport();
  const ctx: LexContext = { options, report };
  const check = new Utf8Check();
  const redact = plannedRedactor(await planDeltas(open, format, size, ctx, check), ctx);
  // As redactFile: a body that was not all UTF-8 keeps invalid bytes where they were, so its
  // copy lints the same (sse/invalid-utf8 at the same events).
  const encoder = new TextEncoder();
  const encode = check.invalid ? encodeKeepingInvalid : (text: string) => encoder.encode(text);
  let slot = 0;
  let first = true;
  let bytes = 0;
  for await (const block of blocks(open, format === 'sse' ? sseCut : lineCut, size, format === 'jsonl')) {
    const text =
      format === 'sse' ? sseBlock(block, first, slot, redact, options, report) : jsonlBlock(block, slot, redact);
    slot += text.events;
    const out = encode(text.text);
    bytes += out.length;
    await write(out);
    first = false;
  }
  return { report, bytes };
}

function sseBlock(
  block: string,
  first: boolean,
  slot: number,
  redact: EventRedactor,
  options: RedactOptions,
  report: RedactionReport,
): { text: string; events: number } {
  const { edits, events } = redactSseBlock(block, first, slot, redact, options, report);
  return { text: applyEdits(block, edits), events };
}

function jsonlBlock(block: string, slot: number, redact: EventRedactor): { text: string; events: number } {
  const lines = jsonlLines(block);
  const out = lines.map((line, i) => {
    const parsed = parseJson(line);
    return redact(slot + i, parsed.ok ? parsed.value : undefined, line).text;
  });
  const ended = lines.length < block.split('\n').length;
  return { text: out.join('\n') + (ended ? '\n' : ''), events: lines.length };
}
