// A run's timing figures, from capture times: time to response headers (when the capture saw
// the request go), to the first event, to the first text or tool-call token, and in total,
// plus the keep-alive comments the body carried. A file without per-piece times (a HAR body,
// a bare body) cannot tell, and says so (`timed: false`); a HAR still tells the time to
// response headers, from its entry's timings.
import type { RunModel, StreamModel } from '../model/types.js';

export interface RunTiming {
  /** Whether the body's pieces carry their arrival times (false: only headersMs may be known). */
  readonly timed: boolean;
  /** Request sent → response headers (a stream's first run; a HAR's from its timings). */
  readonly headersMs?: number;
  /** Response headers (or the previous run's end on the same stream) → the run's first event. */
  readonly firstEventMs?: number;
  /** The same start → the first text or tool-call token (a content or args delta). */
  readonly firstTokenMs?: number;
  /** Request (or headers) → the terminal event, or the last event so far. */
  readonly totalMs?: number;
  /** Whether the run has ended (a terminal event or the body's end). */
  readonly ended: boolean;
  /** Body still open after the run's terminal event: ms until `now`, absent once the body ended. */
  readonly openAfterTerminalMs?: number;
  /** Arrival times of the keep-alive comments (SSE chunks that held only `:` lines) inside the run. */
  readonly keepAlives: readonly number[];
}

const TOKEN_TYPES = new Set([
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_START',
]);
/** How many events past the run's first are read for its first token (each read decodes). */
const TOKEN_SCAN = 2000;
const COLON = 0x3a;
const LF = 0x0a;
const CR = 0x0d;

/** An SSE chunk made only of comment lines (and blank lines): a keep-alive. */
export function isKeepAliveChunk(data: Uint8Array): boolean {
  let lineStart = true;
  let comment = false;
  for (let i = 0; i < data.length; i++) {
    const b = data[i] as number;
    if (b === LF || b === CR) {
      lineStart = true;
      continue;
    }
    if (lineStart) {
      if (b !== COLON) return false;
      comment = true;
    }
    lineStart = false;
  }
  return comment;
}

/** Keep-alive comment arrivals in [from, to] (ms since epoch) of an SSE stream. */
export function keepAliveTimes(stream: StreamModel, from: number, to: number): number[] {
  if (stream.info.encoding !== 'sse' || stream.info.transport === 'import') return [];
  const out: number[] = [];
  for (const chunk of stream.chunks) {
    if (chunk.kind !== 'bytes' || chunk.t < from || chunk.t > to) continue;
    if (isKeepAliveChunk(chunk.data)) out.push(chunk.t);
  }
  return out;
}

function firstTokenAt(stream: StreamModel, run: RunModel): number | undefined {
  const last = Math.min(run.lastEvent, run.firstEvent + TOKEN_SCAN);
  for (let i = run.firstEvent; i <= last; i++) {
    const e = stream.rawEvents.at(i);
    if (e !== undefined && TOKEN_TYPES.has(e.type)) return e.t;
  }
  return undefined;
}

/** The run's figures; `now` (the caller's clock) measures a body still open after its end. */
export function runTiming(stream: StreamModel, run: RunModel, previous: RunModel | undefined, now: number): RunTiming {
  const ended = run.status !== 'running';
  const headersAt = stream.info.startedAt;
  const requestedAt = stream.info.requestedAt;
  const headers = requestedAt !== undefined && previous === undefined ? { headersMs: headersAt - requestedAt } : {};
  if (stream.info.transport === 'import') return { timed: false, ...headers, ended, keepAlives: [] };
  const from = previous?.endedAt ?? headersAt;
  const lastT = run.endedAt ?? stream.rawEvents.at(run.lastEvent)?.t ?? run.startedAt;
  const token = firstTokenAt(stream, run);
  const terminal = run.status === 'finished' || run.status === 'errored';
  const until = stream.end?.t ?? now;
  const lastRun = stream.runKeys[stream.runKeys.length - 1] === run.key;
  const openAfter = terminal && lastRun && stream.end === undefined && run.endedAt !== undefined;
  return {
    timed: true,
    ...headers,
    firstEventMs: run.startedAt - from,
    ...(token !== undefined ? { firstTokenMs: token - from } : {}),
    totalMs: lastT - (previous === undefined ? (requestedAt ?? headersAt) : from),
    ended,
    ...(openAfter ? { openAfterTerminalMs: Math.max(0, now - (run.endedAt as number)) } : {}),
    keepAlives: keepAliveTimes(stream, run.startedAt, lastRun ? until : lastT),
  };
}
