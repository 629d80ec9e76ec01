// Every read the CLI and the Playwright fixture make of the session model, in one place: the
// model's event lists are read by index (byte ranges decoded on demand), and only this file
// knows it. In the core so both may import it (neither imports the other).
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { Finding } from '../findings.js';
import { eventArray } from './event-list.js';
import { LIFECYCLE_TYPES } from '../replay/id-patches.js';
import type { CapturedChunk, SessionModel } from './types.js';

export interface RunRef {
  readonly streamId: string;
  readonly threadId: string;
  readonly runId: string;
  /** No RUN_STARTED opened it (events outside any run). */
  readonly implicit: boolean;
}

export interface RecordedStream {
  readonly info: StreamOpenInfo;
  readonly chunks: readonly CapturedChunk[];
  readonly end?: StreamEndInfo;
  readonly runs: readonly RunRef[];
  /** threadId/runId from the request body (RunAgentInput), when it had them. */
  readonly requestThreadId?: string;
  /** Decoded wire events in order (JSON payloads; undefined for undecodable frames). */
  readonly events: readonly unknown[];
  /** Byte spans (in the stream's bytes) of its RUN_STARTED/FINISHED/ERROR frames, with their payloads. */
  readonly lifecycle: readonly { readonly start: number; readonly end: number; readonly payload: unknown }[];
}

export function findingsOf(model: SessionModel): readonly Finding[] {
  return model.findings;
}

export function runsOf(model: SessionModel): readonly RunRef[] {
  return model.runs.map((r) => ({
    streamId: r.streamId,
    threadId: r.threadId,
    runId: r.runId,
    implicit: r.implicit === true,
  }));
}

/** streamId → request URL, for findings' locations. */
export function streamUrls(model: SessionModel): ReadonlyMap<string, string> {
  return new Map(model.streams.map((s) => [s.info.streamId, s.info.url]));
}

export function recordedStreams(model: SessionModel): readonly RecordedStream[] {
  const runs = runsOf(model);
  return model.streams.map((s) => {
    const raw = eventArray(s.rawEvents);
    return {
      info: s.info,
      chunks: s.chunks,
      ...(s.end !== undefined ? { end: s.end } : {}),
      runs: runs.filter((r) => r.streamId === s.info.streamId),
      ...(s.requestInput?.threadId !== undefined ? { requestThreadId: s.requestInput.threadId } : {}),
      events: raw.map((e) => e.payload),
      lifecycle: raw
        .filter((e) => LIFECYCLE_TYPES.has(e.type))
        .map((e) => ({ start: e.span.start, end: e.span.end, payload: e.payload })),
    };
  });
}

/**
 * Where wire event `i` of the file's own body starts, when the file is a bare SSE body
 * (its bytes are the stream's bytes); undefined for HARs, sessions, etc. Reads only the
 * events asked about, from the kept starts when the model keeps no events.
 */
export function bodyEventStart(
  model: SessionModel,
  file: string,
): { readonly streamId: string; readonly startOf: (event: number) => number | undefined } | undefined {
  const streams = model.streams;
  const only = streams[0];
  if (streams.length !== 1 || only === undefined) return undefined;
  const info = only.info;
  if (info.transport !== 'import' || info.encoding !== 'sse' || info.url !== file) return undefined;
  const starts = only.eventStarts;
  const startOf = starts
    ? (event: number) => starts.at(event)
    : (event: number) => only.rawEvents.at(event)?.span.start;
  return { streamId: info.streamId, startOf };
}
