// SSE material the client's parser discards without a word: a block with fields but no
// `data:` field (an AG-UI event written without its `data:` prefix, an `event:`/`id:` block),
// and a line whose field name SSE does not define inside a block that still dispatches.
// `@ag-ui/client`'s parseSSEStream keeps only the lines that start with `data:` and skips a
// block without one; eventsource-parser (which frames our streams) reports an undefined field
// through onError and dispatches nothing for a block without data. The decoder records what
// was dropped here; the pipeline turns each record into a finding (src/core/rules/sse-drops.ts).

export interface DroppedSse {
  /** `no-data`: the whole block was discarded; `ignored-line`: one line of a dispatched block. */
  readonly kind: 'no-data' | 'ignored-line';
  /** The first discarded line (as decoded, cut to a readable length). */
  readonly line: string;
  /** How many lines the block held that were not comments (no-data), or were ignored. */
  readonly lines: number;
  /** Byte span of the block in the body. */
  readonly start: number;
  readonly end: number;
  readonly t: number;
  /** The wire index of the last event before the block (-1: none yet). */
  readonly afterEvent: number;
}

const LINE_CUT = 120;

const cut = (line: string): string => (line.length > LINE_CUT ? `${line.slice(0, LINE_CUT)}…` : line);

/** A `retry:` line sets an EventSource's reconnection delay: meant for the parser, not dropped. */
const RETRY = /^retry:/;

/**
 * The lines of a block that are neither blank, comments nor `retry:`: a block of comments
 * is a keep-alive and a `retry:` block a reconnection setting, both meant for the parser.
 */
export function fieldLines(block: string): string[] {
  const out: string[] = [];
  for (const line of block.split(/\r\n|\r|\n/))
    if (line !== '' && line.charCodeAt(0) !== 0x3a && !RETRY.test(line)) out.push(line);
  return out;
}

/** A record for a block the parser dispatched nothing for, or undefined for a comment block. */
export function droppedBlock(
  block: string,
  start: number,
  end: number,
  t: number,
  afterEvent: number,
): DroppedSse | undefined {
  const lines = fieldLines(block);
  const first = lines[0];
  if (first === undefined) return undefined;
  return { kind: 'no-data', line: cut(first), lines: lines.length, start, end, t, afterEvent };
}

/** A record for the undefined-field lines eventsource-parser reported in a block that dispatched. */
export function ignoredLines(
  lines: readonly string[],
  start: number,
  end: number,
  t: number,
  afterEvent: number,
): DroppedSse | undefined {
  const first = lines[0];
  if (first === undefined) return undefined;
  return { kind: 'ignored-line', line: cut(first), lines: lines.length, start, end, t, afterEvent };
}

/** Whether a line reads as an AG-UI event's JSON (an object naming a `type`). */
export function looksLikeEvent(line: string): boolean {
  const text = line.trimStart();
  return text.startsWith('{') && /"type"\s*:/.test(text);
}

/** The decoder's part that records drops (src/core/framing/sse.ts). */
export interface DropState {
  /** Lines of the block being fed whose field SSE does not define (the parser's onError). */
  unknownLines: string[] | undefined;
  /** The last block fed that dispatched nothing. */
  dataless: string | undefined;
  /** What the client's parser discarded since the pipeline last asked. */
  dropped: DroppedSse[];
  /** The wire index the next event will take. */
  readonly nextIndex: number;
}

/** After a block was fed (off the single `data:` line fast path): what of it the client discards. */
export function noteDrops(d: DropState, data: string | undefined, start: number, end: number, t: number): void {
  const found =
    data !== undefined
      ? ignoredLines(d.unknownLines ?? [], start, end, t, d.nextIndex)
      : d.dataless !== undefined
        ? droppedBlock(d.dataless, start, end, t, d.nextIndex - 1)
        : undefined;
  d.unknownLines = undefined;
  d.dataless = undefined;
  if (found !== undefined) d.dropped.push(found);
}

/** FrameDecoder.takeDropped: the records since the last call. */
export function takeDropped(this: DropState): readonly DroppedSse[] {
  const dropped = this.dropped;
  if (dropped.length === 0) return dropped;
  this.dropped = [];
  return dropped;
}
