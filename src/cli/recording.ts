// Recorded streams as replayable responses: each stream's captured pieces as the bytes a
// server would send, with their arrival times. Used by `serve` and `export`. Streams that
// arrived already framed (EventSource messages, JSON events) are written as SSE.
import {
  concatBytes,
  createInspector,
  encodeUtf8,
  feedCaptures,
  inspectBytes,
  idPatchesIn,
  jsonOrUndefined,
  LIFECYCLE_TYPES,
  recordedStreams,
} from './core-deps.js';
import type { EventSourceMessage } from '../core/capture.js';
import type { CapturedChunk } from '../core/model/types.js';
import type { IdField, IdPatch } from '../core/replay/types.js';
import type { PatchTable } from './serve/patch-table.js';
import type { Capture } from '../core/io/types.js';
import type { InspectorOptions } from '../core/inspector.js';
import type { SessionModel } from '../core/model/types.js';
import type { RecordedStream } from '../core/model/reads.js';

export interface ReplayPiece {
  /** ms since the request started. */
  readonly at: number;
  readonly data: Uint8Array;
}

/** What serve needs of a recorded run besides its body. */
export interface RunHead {
  /** "file#n": the n-th (1-based) recorded request in the file. */
  readonly label: string;
  readonly file: string;
  readonly url: string;
  readonly method: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly threadId?: string;
  readonly runIds: readonly string[];
  readonly status: number;
  readonly contentType: string;
  readonly encoding: 'sse' | 'proto';
  readonly startedAt: number;
}

/** A run held in memory: its pieces with their arrival times. */
export interface RecordedRun extends RunHead {
  readonly pieces: readonly ReplayPiece[];
  /** Decoded wire events, for exports that re-encode (JSONL). */
  readonly events: readonly unknown[];
  /** Where the lifecycle events carry threadId/runId in the body (the pieces joined), for serve's id rewrite. */
  readonly idPatches: readonly IdPatch[];
}

/** A run whose body is read from its file each time it is served (./serve/streamed-recording.ts). */
export interface StreamedRun extends RunHead {
  /**
   * The body's pieces with their arrival times, read from the file on demand; with `ids`,
   * the lifecycle events carry those in place of the recorded ones.
   */
  readonly readPieces: (ids?: Partial<Record<IdField, string>>) => AsyncIterable<ReplayPiece>;
  /** Where the ids sit in the body, when indexed ahead (SSE bodies and JSONL files). */
  readonly patches?: PatchTable;
}

export type ServedRun = RecordedRun | StreamedRun;

export function sseFrame(message: EventSourceMessage): string {
  const head = `${message.event !== '' && message.event !== 'message' ? `event: ${message.event}\n` : ''}${message.lastEventId !== '' ? `id: ${message.lastEventId}\n` : ''}`;
  return `${head}${message.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('')}\n`;
}

function pieceBytes(chunk: CapturedChunk): Uint8Array {
  switch (chunk.kind) {
    case 'bytes':
      return chunk.data;
    case 'message':
      return encodeUtf8(sseFrame(chunk.message));
    case 'event':
      return encodeUtf8(`data: ${JSON.stringify(chunk.event) ?? 'null'}\n\n`);
  }
}

/** Id positions in the joined pieces: from the raw bytes' event spans, or frame by frame for re-framed messages. */
function idPatchesOf(s: RecordedStream, pieces: readonly ReplayPiece[]): IdPatch[] {
  const body = joinPieces(pieces);
  if (s.info.encoding === 'sse')
    return s.lifecycle.flatMap((e) => idPatchesIn(body, e.start, Math.min(e.end, body.length), e.payload));
  if (s.info.encoding === 'proto') return [];
  const out: IdPatch[] = [];
  let at = 0;
  s.chunks.forEach((c, i) => {
    const size = pieces[i]?.data.length ?? 0;
    const payload = c.kind === 'event' ? c.event : c.kind === 'message' ? jsonOrUndefined(c.message.data) : undefined;
    const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
    if (typeof type === 'string' && LIFECYCLE_TYPES.has(type)) out.push(...idPatchesIn(body, at, at + size, payload));
    at += size;
  });
  return out;
}

function toRun(file: string, index: number, s: RecordedStream): RecordedRun {
  const proto = s.info.encoding === 'proto';
  const framed = s.info.encoding === 'eventsource' || s.info.encoding === 'events';
  // Times are kept relative to the request; a clock that went backwards counts as no wait.
  let last = s.info.startedAt;
  const pieces = s.chunks.map((c) => {
    last = Math.max(last, Number.isFinite(c.t) ? c.t : last);
    return { at: last - s.info.startedAt, data: pieceBytes(c) };
  });
  const threadId = s.requestThreadId ?? s.runs[0]?.threadId;
  return {
    label: `${file}#${index + 1}`,
    file,
    url: s.info.url,
    method: s.info.method,
    requestHeaders: s.info.requestHeaders,
    ...(s.info.requestBody !== undefined ? { requestBody: s.info.requestBody } : {}),
    ...(threadId !== undefined && threadId !== '' ? { threadId } : {}),
    runIds: s.runs.filter((r) => !r.implicit).map((r) => r.runId),
    status: s.info.status > 0 ? s.info.status : 200,
    contentType:
      framed || s.info.contentType === ''
        ? proto
          ? 'application/vnd.ag-ui.event+proto'
          : 'text/event-stream'
        : s.info.contentType,
    encoding: proto ? 'proto' : 'sse',
    startedAt: s.info.startedAt,
    pieces,
    events: s.events,
    idPatches: idPatchesOf(s, pieces),
  };
}

export type Recording =
  | { readonly ok: true; readonly runs: readonly RecordedRun[]; readonly notes: readonly string[] }
  | { readonly ok: false; readonly error: string };

/** The model's streams that hold recorded runs, as runs labelled from `first` (0-based). */
function runsOf(file: string, model: SessionModel, first = 0): RecordedRun[] {
  const streams = recordedStreams(model).filter((s) => s.chunks.length > 0 && s.runs.length > 0);
  return streams.map((s, i) => toRun(file, first + i, s));
}

/** A live session's recorded runs (the Playwright fixture's HAR), labelled `label#n`. */
export function recordedRunsOfModel(label: string, model: SessionModel): RecordedRun[] {
  return runsOf(label, model);
}

export const noRecordedRuns = (file: string) =>
  ({ ok: false, error: `${file}: holds no recorded runs (no stream with AG-UI events)` }) as const;

/** The recorded runs of one file, or why there are none. */
export function recordingOf(file: string, bytes: Uint8Array): Recording {
  const inspected = inspectBytes(file, bytes);
  if (!inspected.ok) return inspected;
  const runs = runsOf(file, inspected.model);
  return runs.length === 0 ? noRecordedRuns(file) : { ok: true, runs, notes: inspected.notes };
}

/**
 * The run one capture holds (a HAR entry read on its own), labelled as the file's
 * `index`-th (0-based). `options` as the inspector's: an index that needs only the run's
 * head keeps no bytes and no events.
 */
export function runOfCapture(
  file: string,
  capture: Capture,
  index: number,
  options: InspectorOptions = {},
): RecordedRun | undefined {
  const inspector = createInspector(options);
  feedCaptures(inspector, [capture]);
  return runsOf(file, inspector.model, index)[0];
}

export function bodyOf(run: RecordedRun): Uint8Array {
  return joinPieces(run.pieces);
}

function joinPieces(pieces: readonly ReplayPiece[]): Uint8Array {
  return concatBytes(pieces.map((p) => p.data));
}
