// The whole probe session as a HAR (requests and answers, every step), written by the
// same writer as `export --as har`, so `lint` and the panel open it as any capture.
// Credential headers were replaced when recorded; the caller scrubs the text too.
import { encodingForContentType } from '../core-deps.js';
import { toHar } from '../export/to-har.js';
import type { RecordedRun } from '../recording.js';
import type { ExchangeRecord } from './probe-session.js';

function recorded(record: ExchangeRecord, index: number): RecordedRun {
  const x = record.exchange;
  const contentType = x.head?.contentType ?? '';
  return {
    label: `${record.step}#${index + 1}`,
    file: record.step,
    url: record.url,
    method: 'POST',
    requestHeaders: record.requestHeaders,
    requestBody: record.requestBody,
    ...(record.ids !== undefined ? { threadId: record.ids.threadId } : {}),
    runIds: record.ids !== undefined ? [record.ids.runId] : [],
    status: x.head?.status ?? 0,
    contentType,
    // Anything that is not protobuf is written as text, as a browser saves it.
    encoding: encodingForContentType(contentType) === 'proto' ? 'proto' : 'sse',
    // Timed from the response headers, so the HAR's wait is the time to headers.
    startedAt: x.headAt ?? x.startedAt,
    ...(x.headAt !== undefined ? { requestedAt: x.startedAt } : {}),
    pieces: x.pieces.map((p) => ({ at: Math.max(0, p.t - (x.headAt ?? x.startedAt)), data: p.data })),
    events: [],
    // Only `serve` rewrites ids; a HAR is written as the server answered.
    idPatches: [],
  };
}

export function probeHar(records: readonly ExchangeRecord[], version: string | undefined): string {
  return toHar(records.map(recorded), version);
}
