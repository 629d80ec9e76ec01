// `serve` on a saved SSE body or a JSONL file without holding it: one read through the
// core (as lint streams it) for the runs, notes and verdict, and a second (framing only)
// for where the lifecycle events carry their ids.
// What is kept is that index; the body is read from the file again for each request that
// it answers (StreamedRun.readPieces), a JSONL file's events framed as SSE as they are
// read. Every other kind of file (HARs, sessions, protobuf bodies, files the linter reads
// whole) answers 'whole' and is loaded by recordingOf.
import type { InspectorOptions } from '../../core/inspector.js';
import { createSseDecoder } from '../../core/framing/sse.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import { inspectStream } from '../../core/io/stream/inspect-stream.js';
import { idPatchesIn, LIFECYCLE_TYPES } from '../../core/replay/id-patches.js';
import type { IdPatch } from '../../core/replay/types.js';
import { jsonlRecords } from '../../core/io/stream/stream-jsonl.js';
import { encodeUtf8 } from '../../core/io/text.js';
import type { ReplayPiece, StreamedRun } from '../recording.js';

export type StreamedRecording =
  | { readonly ok: true; readonly runs: readonly StreamedRun[]; readonly notes: readonly string[] }
  | { readonly ok: false; readonly error: string };

// Only runs, findings and notes are read from the model: it keeps no more.
const INDEX: InspectorOptions = { retain: 'findings' };

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Collects the id patches of an SSE body as its pieces go by. Holds only the bytes of the
 * event not yet complete (the framer's own carry), never the body.
 */
export function idPatchScan(): { push(piece: Uint8Array): void; end(): IdPatch[] } {
  const decoder = createSseDecoder('serve-index');
  const patches: IdPatch[] = [];
  let held: Uint8Array = new Uint8Array(0);
  let base = 0;
  const take = (events: ReturnType<typeof decoder.push>) => {
    for (const e of events) {
      if (!LIFECYCLE_TYPES.has(e.type)) continue;
      const start = e.span.start - base;
      const end = Math.min(e.span.end - base, held.length);
      for (const p of idPatchesIn(held, start, end, e.payload))
        patches.push({ ...p, start: p.start + base, end: p.end + base });
    }
    const last = events.at(-1);
    if (last !== undefined && last.span.end > base) {
      const cut = Math.min(last.span.end - base, held.length);
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
      return patches;
    },
  };
}

/** Where the lifecycle events of a saved SSE body carry their ids: a second read, framing only. */
async function sseIdPatches(open: OpenChunks): Promise<IdPatch[]> {
  const scan = idPatchScan();
  for await (const piece of open()) scan.push(piece);
  return scan.end();
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
      yield { at: last - startedAt, data: encodeUtf8(`data: ${JSON.stringify(r.event) ?? 'null'}\n\n`) };
    }
  };
}

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

/** Where the lifecycle events of a JSONL file's framed body carry their ids. */
async function jsonlIdPatches(read: () => AsyncIterable<ReplayPiece>): Promise<IdPatch[]> {
  const patches: IdPatch[] = [];
  let at = 0;
  for await (const { data } of read()) {
    // The frame's JSON starts after "data: "; only lifecycle events carry ids to patch.
    const text = new TextDecoder().decode(data.subarray(6, data.length - 2));
    if (/"RUN_(?:STARTED|FINISHED|ERROR)"/.test(text)) {
      const payload: unknown = JSON.parse(text);
      const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
      if (typeof type === 'string' && LIFECYCLE_TYPES.has(type))
        for (const p of idPatchesIn(data, 0, data.length, payload))
          patches.push({ ...p, start: p.start + at, end: p.end + at });
    }
    at += data.length;
  }
  return patches;
}

/**
 * The file's one recorded run as an index, or 'whole' when the file is neither a saved
 * SSE body nor a JSONL file the linter streams.
 */
export async function streamedRecording(file: string, open: OpenChunks): Promise<StreamedRecording | 'whole'> {
  const inspected = await inspectStream(file, open, INDEX);
  if (inspected === 'whole') return 'whole';
  if (!inspected.ok) return inspected;
  const format = inspected.format;
  if (format !== 'sse' && format !== 'jsonl') return 'whole';
  const model = inspected.model;
  const stream = model.streams[0];
  const runs = model.runs.filter((r) => stream !== undefined && r.streamId === stream.info.streamId);
  if (stream === undefined || runs.length === 0)
    return { ok: false, error: `${file}: holds no recorded runs (no stream with AG-UI events)` };
  const info = stream.info;
  const threadId = runs[0]?.threadId;
  const frames = jsonlFrames(open, info.startedAt);
  const readPieces = format === 'sse' ? ssePieces(open) : batched(frames);
  const run: StreamedRun = {
    label: `${file}#1`,
    file,
    url: info.url,
    method: info.method,
    requestHeaders: info.requestHeaders,
    ...(threadId !== undefined && threadId !== '' ? { threadId } : {}),
    runIds: runs.filter((r) => r.implicit !== true).map((r) => r.runId),
    status: info.status > 0 ? info.status : 200,
    contentType: 'text/event-stream',
    encoding: 'sse',
    startedAt: info.startedAt,
    idPatches: format === 'sse' ? await sseIdPatches(open) : await jsonlIdPatches(frames),
    readPieces,
  };
  return { ok: true, runs: [run], notes: inspected.notes };
}
