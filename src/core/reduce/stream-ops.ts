// Stream-level transitions: open, captured material, raw events, end.
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { RawEvent } from '../events/types.js';
import type { CapturedChunk, LineEnding } from '../model/types.js';
import { endActiveRun, failureError, openFailedRun } from './runs.js';
import { parseRequestBody } from './run-input.js';
import { createEventTable } from './event-table.js';
import { bump, type MStream, type Store, type StreamEntry } from './store.js';
import { streamEntry } from './lookup.js';

/** A second open with a known id is ignored: stream ids are unique per session. */
export function applyStreamOpen(store: Store, info: StreamOpenInfo): void {
  if (store.streams.has(info.streamId)) return;
  const requestInput = parseRequestBody(info.requestBody);
  const chunks: CapturedChunk[] = [];
  const chunkStarts: number[] = [];
  const events = createEventTable(info.streamId, info.encoding, chunks, chunkStarts);
  const stream: MStream = {
    version: bump(store),
    info,
    chunks,
    bytes: 0,
    lineEnding: 'none',
    rawEvents: events.raw,
    expanded: events.expanded,
    runKeys: [],
    requestInput,
    end: undefined,
    eventStarts: undefined,
  };
  store.model.streams.push(stream);
  const se: StreamEntry = { stream, events, chunkStarts, last: undefined };
  store.streams.set(info.streamId, se);
  if (info.encoding === 'none') openFailedRun(store, se, stream.version);
}

export function applyChunk(store: Store, streamId: string, chunk: CapturedChunk): void {
  const se = streamEntry(store, streamId);
  if (!se) return;
  const stream = se.stream;
  stream.chunks.push(chunk);
  if (chunk.kind === 'bytes') {
    se.chunkStarts.push(stream.bytes);
    stream.bytes += chunk.data.byteLength;
  }
  stream.version = bump(store);
}

/** `se`: the event's stream entry when the caller holds it (saves a lookup per event). */
export function applyRawEvent(
  store: Store,
  raw: RawEvent,
  lineEnding: LineEnding,
  se: StreamEntry | undefined = streamEntry(store, raw.streamId),
): void {
  if (!se) return;
  const stream = se.stream;
  se.events.addRaw(raw);
  stream.lineEnding = lineEnding;
  stream.version = bump(store);
}

/** The page aborting or cancelling is the page's choice; anything else cut the run short. */
export function applyStreamEnd(store: Store, streamId: string, end: StreamEndInfo): void {
  const stream = streamEntry(store, streamId)?.stream;
  if (!stream || stream.end) return;
  const v = bump(store);
  const byPage =
    end.reason === 'aborted' ||
    end.reason === 'cancelled' ||
    end.reason === 'closed' ||
    end.reason === 'navigated' ||
    end.reason === 'tab-closed';
  stream.end = end;
  stream.version = v;
  if (stream.info.encoding === 'none') endFailedRun(store, stream, end.t, v);
  endActiveRun(store, streamId, byPage ? 'aborted' : 'truncated', end.t, v);
}

/** A failed request's run lasts until its answer's body (at most its start) is in. */
function endFailedRun(store: Store, stream: MStream, t: number, v: number): void {
  const key = stream.runKeys[0];
  const run = key === undefined ? undefined : store.runs.get(key)?.run;
  if (!run) return;
  run.endedAt = t;
  run.error = failureError(stream);
  run.version = v;
}

/**
 * A RUN_STARTED arrived while a run is active: that run ends here, without a terminal.
 * applyEvent does this itself; the facade applies it as its own step first so the rules
 * see the old run end before the new one starts.
 */
export function applyRunCutOff(store: Store, streamId: string, t: number): void {
  endActiveRun(store, streamId, 'truncated', t, bump(store));
}
