// `serve` on a saved SSE body without holding it: one read through the core (as lint
// streams it) for the runs, notes and verdict, and through an SSE framer alongside for
// where the lifecycle events carry their ids. What is kept is that index; the body is
// read from the file again for each request that it answers (StreamedRun.readBody).
// Every other kind of file (HARs, sessions, JSONL, protobuf bodies) answers 'whole' and
// is loaded by recordingOf.
import type { InspectorOptions } from '../../core/inspector.js';
import { createSseDecoder } from '../../core/framing/sse.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import { inspectStream } from '../../core/io/stream/inspect-stream.js';
import { idPatchesIn, LIFECYCLE_TYPES } from '../../core/replay/id-patches.js';
import type { IdPatch } from '../../core/replay/types.js';
import type { StreamedRun } from '../recording.js';

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

/** The file's one recorded run as an index, or 'whole' when the file is not an SSE body. */
export async function streamedRecording(file: string, open: OpenChunks): Promise<StreamedRecording | 'whole'> {
  const scan = idPatchScan();
  const tapped: OpenChunks = async function* () {
    for await (const piece of open()) {
      scan.push(piece);
      yield piece;
    }
  };
  const inspected = await inspectStream(file, tapped, INDEX);
  if (inspected === 'whole' || (inspected.ok && inspected.format !== 'sse')) return 'whole';
  if (!inspected.ok) return inspected;
  const model = inspected.model;
  const stream = model.streams[0];
  const runs = model.runs.filter((r) => stream !== undefined && r.streamId === stream.info.streamId);
  if (stream === undefined || runs.length === 0)
    return { ok: false, error: `${file}: holds no recorded runs (no stream with AG-UI events)` };
  const info = stream.info;
  const threadId = runs[0]?.threadId;
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
    idPatches: scan.end(),
    readBody: open,
  };
  return { ok: true, runs: [run], notes: inspected.notes };
}
