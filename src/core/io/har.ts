// HAR 1.2 import (Chrome's and Firefox's "Save all as HAR"). Event-stream and AG-UI
// protobuf responses become captures, and so do run requests that got another answer (a
// failed run, see ./har-failed.ts); every other entry is counted and skipped. One broken
// entry never spoils the others.
import type { StreamEncoding } from '../capture.js';
import { decodeBase64 } from './base64.js';
import { headerRecord, pairs } from './headers.js';
import { createReport } from './redact/options.js';
import { redactUrl } from './redact/url.js';
import { encodeUtf8, isRecord, num, plural, str } from './text.js';
import { failedRunCapture } from './har-failed.js';
import { harRequestTimes } from './har-timings.js';
import { RECORD_BODIES } from './har-no-body.js';
import type { BodilessReason, BodilessRequest, Capture, LoadResult } from './types.js';

const PROTO_TYPE = 'application/vnd.ag-ui.event+proto';

/** The response media type: content.mimeType, else the Content-Type header. */
function contentTypeOf(response: Record<string, unknown>): string {
  const content = isRecord(response['content']) ? response['content'] : {};
  const fromContent = str(content['mimeType']) ?? '';
  if (fromContent !== '') return fromContent;
  const header = pairs(response['headers']).find((h) => h.name.toLowerCase() === 'content-type');
  return header?.value ?? '';
}

export function encodingForContentType(contentType: string): StreamEncoding | undefined {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (essence.startsWith('text/event-stream')) return 'sse';
  if (essence === PROTO_TYPE) return 'proto';
  return undefined;
}

export type EntryOutcome =
  | { readonly kind: 'capture'; readonly capture: Capture; readonly order: number }
  | { readonly kind: 'other' }
  | { readonly kind: 'no-body'; readonly request: BodilessRequest }
  | { readonly kind: 'bad'; readonly why: string };

/** What a body-less entry says about itself (Chrome's `_resourceType` and `_error`). */
function bodiless(
  entry: Record<string, unknown>,
  request: Record<string, unknown>,
  response: Record<string, unknown>,
  url: string,
): BodilessRequest {
  const started = Date.parse(str(entry['startedDateTime']) ?? '');
  const error = str(entry['_error']) ?? str(response['_error']) ?? str(response['_failureText']);
  const content = isRecord(response['content']) ? response['content'] : {};
  const sidecar = str(content['_file']);
  const status = num(response['status']) ?? 0;
  const reason: BodilessReason =
    str(entry['_resourceType']) === 'eventsource' ? 'eventsource' : error || status === 0 ? 'cut-off' : 'not-saved';
  return {
    url,
    method: str(request['method']) ?? 'GET',
    startedAt: Number.isFinite(started) ? started : 0,
    durationMs: Math.max(0, num(entry['time']) ?? 0),
    status,
    reason,
    ...(error ? { error } : {}),
    ...(sidecar ? { sidecar } : {}),
  };
}

/** Whether the HAR was written by this tool (`export --as har`, `probe --har`, the fixture's saveHar). */
export function writtenByUs(log: unknown): boolean {
  const creator = isRecord(log) ? log['creator'] : undefined;
  return isRecord(creator) && creator['name'] === 'agui-inspector';
}

/**
 * `runUrls`: the URLs that served runs in the entries read so far; given, a run request
 * with a failed answer becomes a capture of a failed run (and answered runs add their URL).
 * Without it (serve replays what answered) such an entry is 'other'. `ours`: the HAR is this
 * tool's own, which writes every body it got, so an empty text is a body that was empty.
 */
export function readEntry(
  name: string,
  entry: unknown,
  index: number,
  runUrls?: Set<string>,
  ours = false,
): EntryOutcome {
  if (!isRecord(entry)) return { kind: 'bad', why: `entry ${index} is not an object` };
  const request = entry['request'];
  const response = entry['response'];
  if (!isRecord(request) || !isRecord(response)) return { kind: 'bad', why: `entry ${index} lacks request/response` };
  const contentType = contentTypeOf(response);
  const encoding = encodingForContentType(contentType);
  const rawUrl = str(request['url']) ?? '';
  if (runUrls !== undefined && encoding === undefined) {
    const failed = failedRunCapture(name, entry, request, response, index, contentType, runUrls);
    if (failed) return { kind: 'capture', capture: failed, order: failed.open.requestedAt ?? failed.open.startedAt };
  }
  if (encoding === undefined) return { kind: 'other' };
  if (runUrls !== undefined) runUrls.add(rawUrl);
  // Like credential headers, URL credentials (user info, token parameters) never get in.
  const url = redactUrl(rawUrl, '', { full: false }, createReport());
  const content = isRecord(response['content']) ? response['content'] : {};
  const text = str(content['text']);
  const started = Date.parse(str(entry['startedDateTime']) ?? '');
  const requestStart = Number.isFinite(started) ? started : 0;
  const times = harRequestTimes(entry, requestStart);
  const duration = num(entry['time']) ?? 0;
  // Chrome and Playwright write no text (or "") when they did not keep a streamed body.
  if (text === undefined || (text === '' && !ours))
    return { kind: 'no-body', request: bodiless(entry, request, response, url) };
  let data: Uint8Array | undefined;
  if (str(content['encoding']) === 'base64') {
    data = decodeBase64(text);
    if (data === undefined)
      return { kind: 'bad', why: `entry ${index} (${url}) has a body marked base64 that is not base64` };
  } else {
    data = encodeUtf8(text);
  }
  const postData = isRecord(request['postData']) ? request['postData'] : undefined;
  const requestBody = postData ? str(postData['text']) : undefined;
  const capture: Capture = {
    open: {
      streamId: `import:${name}#${index}`,
      transport: 'import',
      encoding,
      url,
      method: str(request['method']) ?? 'GET',
      requestHeaders: headerRecord(pairs(request['headers'])),
      ...(requestBody !== undefined ? { requestBody } : {}),
      status: num(response['status']) ?? 0,
      contentType,
      ...times,
    },
    // A HAR holds the body as one piece; only the request's start, its headers' arrival
    // (from the timings) and the total time are known.
    pieces: [{ t: times.startedAt, kind: 'bytes', data }],
    end: { reason: 'complete', t: Math.max(times.startedAt, requestStart + Math.max(0, duration)) },
  };
  return { kind: 'capture', capture, order: requestStart };
}

export function noBodiesMessage(name: string, urls: readonly string[]): string {
  const list = [...new Set(urls)].slice(0, 3).join(', ');
  return `${name}: the HAR has no response bodies for ${plural(urls.length, 'event-stream request')} (${list}). ${RECORD_BODIES}`;
}

export interface HarTally {
  /** How many entries log.entries held. */
  readonly entries: number;
  readonly captures: number;
  readonly noBody: readonly string[];
  readonly bad: readonly string[];
  readonly others: number;
}

/** What a HAR's entries come to: the error when none is a capture, else the notes. */
export function harVerdict(name: string, tally: HarTally): { error: string } | { notes: string[] } {
  const { noBody, bad, others } = tally;
  if (tally.captures === 0 && noBody.length === 0) {
    const extra = bad.length > 0 ? `; ${plural(bad.length, 'entry')} could not be read (${bad[0]})` : '';
    return {
      error: `${name}: contains no event-stream responses (${plural(tally.entries, 'entry')}, none with Content-Type text/event-stream or ${PROTO_TYPE})${extra}`,
    };
  }
  const notes: string[] = [];
  if (others > 0) notes.push(`${name}: ignored ${plural(others, 'entry')} (not AG-UI run requests)`);
  if (noBody.length > 0) notes.push(noBodiesMessage(name, noBody));
  for (const why of bad) notes.push(`${name}: skipped ${why}`);
  return { notes };
}

export function loadHar(name: string, root: Record<string, unknown>): LoadResult {
  const log = root['log'];
  const entries = isRecord(log) ? log['entries'] : undefined;
  if (!Array.isArray(entries)) return { ok: false, error: `${name}: not a HAR file (no log.entries array)` };
  const found: { capture: Capture; order: number; index: number }[] = [];
  const noBody: BodilessRequest[] = [];
  const bad: string[] = [];
  let others = 0;
  const runUrls = new Set<string>();
  const ours = writtenByUs(log);
  entries.forEach((entry: unknown, index) => {
    const outcome = readEntry(name, entry, index, runUrls, ours);
    if (outcome.kind === 'capture') found.push({ capture: outcome.capture, order: outcome.order, index });
    else if (outcome.kind === 'no-body') noBody.push(outcome.request);
    else if (outcome.kind === 'bad') bad.push(outcome.why);
    else others++;
  });
  const verdict = harVerdict(name, {
    entries: entries.length,
    captures: found.length,
    noBody: noBody.map((b) => b.url),
    bad,
    others,
  });
  if ('error' in verdict) return { ok: false, error: verdict.error };
  // Requests in the order they were made: run order on a thread depends on it.
  found.sort((a, b) => a.order - b.order || a.index - b.index);
  return {
    ok: true,
    format: 'har',
    captures: found.map((f) => f.capture),
    notes: verdict.notes,
    ...(noBody.length > 0 ? { bodiless: noBody } : {}),
  };
}
