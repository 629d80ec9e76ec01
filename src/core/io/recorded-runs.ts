// Recorded streams as replayable runs: each stream's captured pieces as the bytes a server
// would send (./har-write.ts), with their arrival times, request head and where the ids
// sit. Shared by the CLI's `serve` and `export` and the Playwright fixture's
// routeFromRecording and saveHar; pure (bytes in, runs out).
import type { Capture } from './types.js';
import type { InspectorOptions } from '../inspector.js';
import type { SessionModel } from '../model/types.js';
import type { IdPatch } from '../replay/types.js';
import { concatBytes } from '../bytes.js';
import { recordedStreams, type RecordedStream } from '../model/reads.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { idPatchesIn, LIFECYCLE_TYPES } from '../replay/id-patches.js';
import { feedCaptures } from './feed.js';
import { piecesOf, servedHead, type ReplayPiece } from './har-write.js';
import { inspectBytes } from './inspect-bytes.js';
import { jsonOrUndefined } from './text.js';

export type { ReplayPiece } from './har-write.js';

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
  /** When the request was sent, where the recording says (its time to headers). */
  readonly requestedAt?: number;
}

/** A run held in memory: its pieces with their arrival times. */
export interface RecordedRun extends RunHead {
  readonly pieces: readonly ReplayPiece[];
  /** Decoded wire events, for exports that re-encode (JSONL). */
  readonly events: readonly unknown[];
  /** Where the lifecycle events carry threadId/runId in the body (the pieces joined), for serve's id rewrite. */
  readonly idPatches: readonly IdPatch[];
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
  const pieces = piecesOf(s.info, s.chunks);
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
    ...servedHead(s.info),
    startedAt: s.info.startedAt,
    ...(s.info.requestedAt !== undefined ? { requestedAt: s.info.requestedAt } : {}),
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

/**
 * The default route pattern: the recorded endpoint's path on any host, with or without a
 * query string. Playwright's globs match the whole URL, so the path alone missed an
 * EventSource's `/events?scenario=…` and the app's request went on to a server with no agent.
 */
export function defaultPattern(runs: readonly RecordedRun[]): string {
  const urls = new Set(runs.map((r) => (/^https?:\/\//i.test(r.url) ? new URL(r.url).pathname : '')));
  const [only] = [...urls];
  return urls.size === 1 && only !== undefined && only !== '' && only !== '/' ? `**${escapeGlob(only)}{,?**}` : '**/*';
}

/** A path as a Playwright glob literal: its glob characters escaped. */
function escapeGlob(path: string): string {
  return path.replace(/[\\*?{}[\],]/g, (c) => `\\${c}`);
}
