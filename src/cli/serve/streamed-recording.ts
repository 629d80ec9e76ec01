// `serve` on a saved SSE body or a JSONL file without holding it: one read, framing only,
// for the index (the run ids, the first run's thread, where the lifecycle events carry
// their ids, the notes). The linter's pass is not run: serve needs none of its findings,
// and its model of a 500 MB body (runs, findings, event offsets) cost more than the goal.
// The body is read from the file again for each request it answers (StreamedRun.readPieces),
// a JSONL file's events framed as SSE as they are read. HARs are indexed by
// ./streamed-har.ts; every other kind of file answers 'whole' and is loaded by recordingOf.
import {
  bodyOpenInfo,
  createNamedEventScan,
  createSseDecoder,
  encodeUtf8,
  idPatchesIn,
  isNotUtf8,
  isRecord,
  jsonlRecords,
  jsonlTally,
  LIFECYCLE_TYPES,
  namedEventsNote,
  openFor,
  sniffStream,
  sseKeptFrom,
  str,
} from '../core-deps.js';
import type { RawEvent } from '../../core/events/types.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import type { ReplayPiece, StreamedRun } from '../recording.js';
import { patchTableBuilder, type PatchTable } from './patch-table.js';
import { withRequestIdsStreamed } from './rewrite-ids.js';
import { streamedHar } from './streamed-har.js';
import type { StreamedRecording } from './streamed-result.js';

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The runs an event stream opens, as the model opens them: what serve lists and matches on. */
function runTally() {
  const runIds: string[] = [];
  let first: string | undefined;
  let any = false;
  return {
    event(type: string, payload: unknown): void {
      // The model puts every event in a run; one before any RUN_STARTED opens an implicit run.
      if (type === '' || !isRecord(payload)) return;
      const started = type === 'RUN_STARTED';
      if (!any) first = started ? (str(payload['threadId']) ?? '') : '';
      any = true;
      if (started) runIds.push(str(payload['runId']) ?? '');
    },
    get any() {
      return any;
    },
    runIds,
    threadId: () => (first === undefined || first === '' ? undefined : first),
  };
}

export interface SseIndex {
  readonly patches: PatchTable;
  readonly runIds: readonly string[];
  readonly threadId: string | undefined;
  readonly anyRun: boolean;
}

/**
 * Indexes an SSE body as its pieces go by. Holds only the bytes of the event not yet
 * complete (the framer's own carry), never the body.
 */
export function idPatchScan(): { push(piece: Uint8Array): void; end(): SseIndex } {
  const decoder = createSseDecoder('serve-index');
  const patches = patchTableBuilder();
  const runs = runTally();
  let held: Uint8Array = new Uint8Array(0);
  let base = 0;
  const take = (events: readonly RawEvent[]) => {
    for (const e of events) {
      runs.event(e.type, e.payload);
      if (!LIFECYCLE_TYPES.has(e.type)) continue;
      const start = e.span.start - base;
      const end = Math.min(e.span.end - base, held.length);
      for (const p of idPatchesIn(held, start, end, e.payload))
        patches.push({ ...p, start: p.start + base, end: p.end + base });
    }
    // Bytes before the frame still being read are never needed again.
    const from = Math.max(events.at(-1)?.span.end ?? 0, sseKeptFrom(decoder));
    if (from > base) {
      const cut = Math.min(from - base, held.length);
      held = held.slice(cut);
      base += cut;
    }
  };
  return {
    push(piece) {
      held = concat(held, piece);
      take(decoder.push(piece, 0));
    },
    end() {
      take(decoder.end(0));
      return { patches: patches.done(), runIds: runs.runIds, threadId: runs.threadId(), anyRun: runs.any };
    },
  };
}

/** A saved SSE body's pieces as read, all arrived at once. */
function ssePieces(open: OpenChunks): () => AsyncIterable<ReplayPiece> {
  return async function* () {
    for await (const data of open()) yield { at: 0, data };
  };
}

/**
 * A JSONL file's events framed as SSE, one frame an event, at its time from the first
 * event's (as recording.ts frames a stream of decoded events).
 */
function jsonlFrames(open: OpenChunks, startedAt: number): () => AsyncIterable<ReplayPiece> {
  return async function* () {
    let last = startedAt;
    for await (const r of jsonlRecords(open())) {
      if (!r.ok) continue;
      last = Math.max(last, Number.isFinite(r.t) ? r.t : last);
      yield { at: last - startedAt, data: encodeUtf8(eventFrame(r.event)) };
    }
  };
}

const eventFrame = (event: unknown): string => `data: ${JSON.stringify(event) ?? 'null'}\n\n`;

// Frames due at the same time are written together, up to this many bytes: a write per
// event of a million-event file cost more time and memory than the events.
const BATCH = 1 << 16;

/** Consecutive pieces with one time joined into pieces of up to BATCH bytes. */
function batched(read: () => AsyncIterable<ReplayPiece>): () => AsyncIterable<ReplayPiece> {
  return async function* () {
    let held: Uint8Array[] = [];
    let size = 0;
    let at = 0;
    const flush = (): ReplayPiece => {
      const data = new Uint8Array(size);
      let o = 0;
      for (const p of held) {
        data.set(p, o);
        o += p.length;
      }
      held = [];
      size = 0;
      return { at, data };
    };
    for await (const piece of read()) {
      if (held.length > 0 && (piece.at !== at || size + piece.data.length > BATCH)) yield flush();
      at = piece.at;
      held.push(piece.data);
      size += piece.data.length;
    }
    if (held.length > 0) yield flush();
  };
}

const NO_RUNS = (file: string) =>
  ({ ok: false, error: `${file}: holds no recorded runs (no stream with AG-UI events)` }) as const;

function indexedRun(
  file: string,
  info: {
    readonly url: string;
    readonly method: string;
    readonly requestHeaders: Readonly<Record<string, string>>;
    readonly startedAt: number;
  },
  index: Omit<SseIndex, 'anyRun'>,
  read: () => AsyncIterable<ReplayPiece>,
): StreamedRun {
  return {
    label: `${file}#1`,
    file,
    url: info.url,
    method: info.method,
    requestHeaders: info.requestHeaders,
    ...(index.threadId !== undefined ? { threadId: index.threadId } : {}),
    runIds: index.runIds,
    status: 200,
    contentType: 'text/event-stream',
    encoding: 'sse',
    startedAt: info.startedAt,
    patches: index.patches,
    readPieces: (ids) => (ids === undefined ? read() : withRequestIdsStreamed(read(), index.patches, ids)),
  };
}

async function sseRecording(
  file: string,
  open: OpenChunks,
  pieces: AsyncIterable<Uint8Array>,
): Promise<StreamedRecording> {
  const scan = idPatchScan();
  // As the linter's loader: the named-events note needs the text, which a body that is not UTF-8 has not.
  const strict = new TextDecoder('utf-8', { fatal: true });
  const names = createNamedEventScan();
  let utf8 = true;
  for await (const piece of pieces) {
    scan.push(piece);
    if (!utf8) continue;
    try {
      names.push(strict.decode(piece, { stream: true }));
    } catch {
      utf8 = false;
    }
  }
  try {
    names.push(strict.decode());
  } catch {
    utf8 = false;
  }
  const index = scan.end();
  if (!index.anyRun) return NO_RUNS(file);
  const note = utf8 ? namedEventsNote(file, names.names()) : undefined;
  return {
    ok: true,
    runs: [indexedRun(file, bodyOpenInfo(file, 'sse'), index, ssePieces(open))],
    notes: note === undefined ? [] : [note],
  };
}

async function jsonlRecording(
  file: string,
  open: OpenChunks,
  pieces: AsyncIterable<Uint8Array>,
): Promise<StreamedRecording | 'whole'> {
  const tally = jsonlTally(file);
  const runs = runTally();
  const patches = patchTableBuilder();
  let startedAt: number | undefined;
  // Offsets in the framed body (the frames joined); only lifecycle frames are encoded here.
  let at = 0;
  try {
    for await (const r of jsonlRecords(pieces)) {
      if (!tally.add(r)) continue;
      startedAt ??= r.t;
      const type = isRecord(r.event) ? (str(r.event['type']) ?? '') : '';
      runs.event(type, r.event);
      const frame = eventFrame(r.event);
      if (LIFECYCLE_TYPES.has(type)) {
        const bytes = encodeUtf8(frame);
        for (const p of idPatchesIn(bytes, 0, bytes.length, r.event))
          patches.push({ ...p, start: p.start + at, end: p.end + at });
        at += bytes.length;
      } else at += Buffer.byteLength(frame);
    }
  } catch (e) {
    if (isNotUtf8(e)) return 'whole';
    throw e;
  }
  const verdict = tally.verdict();
  if (!verdict.ok) return verdict;
  if (!runs.any || startedAt === undefined) return NO_RUNS(file);
  const info = openFor(file, 'events', 'application/json', startedAt);
  const index = { patches: patches.done(), runIds: runs.runIds, threadId: runs.threadId() };
  return {
    ok: true,
    runs: [indexedRun(file, info, index, batched(jsonlFrames(open, startedAt)))],
    notes: verdict.notes,
  };
}

/**
 * The file's recorded runs as an index, or 'whole' when the file is not a saved SSE body,
 * a JSONL file or a HAR that the linter would stream.
 */
export async function streamedRecording(file: string, open: OpenChunks): Promise<StreamedRecording | 'whole'> {
  const { kind, pieces } = await sniffStream(file, open);
  if (kind === 'empty') return { ok: false, error: `${file}: the file is empty` };
  if (kind === 'sse') return sseRecording(file, open, pieces);
  if (kind === 'jsonl') return jsonlRecording(file, open, pieces);
  if (kind === 'har') return streamedHar(file, open, pieces);
  return 'whole';
}
