// Stream-level transitions: open, captured material, raw events, end.
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { RawEvent } from '../events/types.js';
import { emptyLog, logAppend } from '../model/log.js';
import type { CapturedChunk, LineEnding, SessionModel, StreamModel } from '../model/types.js';
import { endActiveRun } from './runs.js';
import { parseRequestBody } from './run-input.js';
import { withStream } from './records.js';
import { bump, getStream, streamLog, updateStream } from './store.js';

/** A second open with a known id is ignored: stream ids are unique per session. */
export function applyStreamOpen(model: SessionModel, info: StreamOpenInfo): SessionModel {
  if (getStream(model, info.streamId)) return model;
  const requestInput = parseRequestBody(info.requestBody);
  const stream: StreamModel = {
    info,
    chunks: emptyLog(),
    bytes: 0,
    lineEnding: 'none',
    rawEvents: emptyLog(),
    expanded: emptyLog(),
    runKeys: [],
    ...(requestInput ? { requestInput } : {}),
  };
  return bump({ ...model, streams: streamLog.append(model.streams, stream) });
}

function chunkBytes(chunk: CapturedChunk): number {
  return chunk.kind === 'bytes' ? chunk.data.byteLength : 0;
}

export function applyChunk(model: SessionModel, streamId: string, chunk: CapturedChunk): SessionModel {
  // An inline arrow, not a named local: tsx (keepNames) wraps named closures in a
  // defineProperty call per creation, which showed in the live-ingest profile.
  return updateStream(model, streamId, (s) => withStream(s, { chunks: logAppend(s.chunks, chunk), bytes: s.bytes + chunkBytes(chunk) }), model.version + 1);
}

export function applyRawEvent(model: SessionModel, raw: RawEvent, lineEnding: LineEnding): SessionModel {
  return updateStream(model, raw.streamId, (s) => withStream(s, { rawEvents: logAppend(s.rawEvents, raw), lineEnding }), model.version + 1);
}

/** The page aborting or cancelling is the page's choice; anything else cut the run short. */
export function applyStreamEnd(model: SessionModel, streamId: string, end: StreamEndInfo): SessionModel {
  const stream = getStream(model, streamId);
  if (!stream || stream.end) return model;
  const byPage = end.reason === 'aborted' || end.reason === 'cancelled' || end.reason === 'closed' || end.reason === 'navigated' || end.reason === 'tab-closed';
  let m = updateStream(model, streamId, (s) => ({ ...s, end }));
  m = endActiveRun(m, streamId, byPage ? 'aborted' : 'truncated', end.t);
  return bump(m);
}

/**
 * A RUN_STARTED arrived while a run is active: that run ends here, without a terminal.
 * applyEvent does this itself; the facade applies it as its own step first so the rules
 * see the old run end before the new one starts.
 */
export function applyRunCutOff(model: SessionModel, streamId: string, t: number): SessionModel {
  const m = endActiveRun(model, streamId, 'truncated', t);
  return m === model ? model : bump(m);
}
