// Recorded runs as a HAR 1.2 log (one entry per run), as Chrome's "Save all as HAR with
// content" writes it: event-stream bodies as text, protobuf bodies as base64.
import type { Entry, Har } from 'har-format';
import { basename } from 'node:path';
import { decodeUtf8, encodeBase64 } from '../core-deps.js';
import { bodyOf, type RecordedRun } from '../recording.js';

/** The recorded URL when absolute; bare-body imports only know a file name. */
export function absoluteUrl(run: RecordedRun): string {
  if (/^https?:\/\//i.test(run.url)) return run.url;
  return `http://127.0.0.1/recorded/${encodeURIComponent(basename(run.url || run.file))}`;
}

export function methodOf(run: RecordedRun): string {
  return run.method !== '' ? run.method : run.requestBody !== undefined ? 'POST' : 'GET';
}

function entry(run: RecordedRun): Entry {
  const body = bodyOf(run);
  const text = run.encoding === 'sse' ? decodeUtf8(body) : undefined;
  const time = run.pieces[run.pieces.length - 1]?.at ?? 0;
  const wait = run.pieces[0]?.at ?? 0;
  const requestHeaders = Object.entries(run.requestHeaders).map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: new Date(run.startedAt).toISOString(),
    time,
    request: {
      method: methodOf(run),
      url: absoluteUrl(run),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: [],
      ...(run.requestBody !== undefined ? { postData: { mimeType: 'application/json', text: run.requestBody } } : {}),
      headersSize: -1,
      bodySize: run.requestBody !== undefined ? new TextEncoder().encode(run.requestBody).length : 0,
    },
    response: {
      status: run.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: run.contentType }],
      content: {
        size: body.length,
        mimeType: run.contentType,
        ...(text !== undefined ? { text } : { text: encodeBase64(body), encoding: 'base64' }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: body.length,
    },
    cache: {},
    timings: { send: 0, wait, receive: Math.max(0, time - wait) },
  };
}

export function toHar(runs: readonly RecordedRun[], version: string | undefined): string {
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: 'agui-inspector', version: version ?? 'unknown' },
      pages: [],
      entries: runs.map(entry),
    },
  };
  return `${JSON.stringify(har, null, 2)}\n`;
}
