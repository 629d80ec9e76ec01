// A HAR entry that is a run request with no AG-UI answer (an error status, another content
// type, a network error) is a failed run, not an "ignored" entry: what a developer exporting
// a HAR of a broken app needs to see first. A run request is one whose body is a
// RunAgentInput, one that accepts an event stream, or one to a URL that served runs earlier.
import type { StreamEndInfo } from '../capture.js';
import { FAILED_BODY_BYTES } from '../failed-request.js';
import { parseRequestBody } from '../reduce/run-input.js';
import { decodeBase64 } from './base64.js';
import { headerRecord, pairs } from './headers.js';
import { createReport } from './redact/options.js';
import { redactUrl } from './redact/url.js';
import { encodeUtf8, isRecord, num, str } from './text.js';
import { harRequestTimes } from './har-timings.js';
import type { Capture } from './types.js';

function isRunRequest(
  request: Record<string, unknown>,
  headers: Record<string, string>,
  runUrls: Set<string>,
): boolean {
  const postData = isRecord(request['postData']) ? request['postData'] : undefined;
  if (parseRequestBody(postData ? str(postData['text']) : undefined) !== undefined) return true;
  if ((headers['accept'] ?? '').toLowerCase().includes('event-stream')) return true;
  return runUrls.has(str(request['url']) ?? '');
}

/** The first bytes of the answer's body, as saved. */
function bodyStart(response: Record<string, unknown>): Uint8Array {
  const content = isRecord(response['content']) ? response['content'] : {};
  const text = str(content['text']) ?? '';
  if (text === '') return new Uint8Array(0);
  const bytes =
    str(content['encoding']) === 'base64'
      ? (decodeBase64(text) ?? new Uint8Array(0))
      : encodeUtf8(text.slice(0, FAILED_BODY_BYTES));
  return bytes.subarray(0, FAILED_BODY_BYTES);
}

/** Chrome writes `net::ERR_ABORTED` for a request the page cancelled. */
function endOf(error: string | undefined, status: number, t: number): StreamEndInfo {
  if (error !== undefined && /ERR_ABORTED|aborted|cancel/i.test(error)) return { reason: 'aborted', t };
  if (error !== undefined || status === 0) return { reason: 'error', t, error: error ?? 'no response (status 0)' };
  return { reason: 'complete', t };
}

export function failedRunCapture(
  name: string,
  entry: Record<string, unknown>,
  request: Record<string, unknown>,
  response: Record<string, unknown>,
  index: number,
  contentType: string,
  runUrls: Set<string>,
): Capture | undefined {
  const requestHeaders = headerRecord(pairs(request['headers']));
  if (!isRunRequest(request, requestHeaders, runUrls)) return undefined;
  const error = str(entry['_error']) ?? str(response['_error']);
  const status = error !== undefined ? 0 : (num(response['status']) ?? 0);
  const started = Date.parse(str(entry['startedDateTime']) ?? '');
  const requestStart = Number.isFinite(started) ? started : 0;
  // Nothing answered a network error: it has no headers to time.
  const times = status === 0 ? { startedAt: requestStart } : harRequestTimes(entry, requestStart);
  const end = endOf(error, status, Math.max(times.startedAt, requestStart + Math.max(0, num(entry['time']) ?? 0)));
  const postData = isRecord(request['postData']) ? request['postData'] : undefined;
  const requestBody = postData ? str(postData['text']) : undefined;
  const body = status === 0 ? new Uint8Array(0) : bodyStart(response);
  return {
    open: {
      streamId: `import:${name}#${index}`,
      transport: 'import',
      encoding: 'none',
      url: redactUrl(str(request['url']) ?? '', '', { full: false }, createReport()),
      method: str(request['method']) ?? 'GET',
      requestHeaders,
      ...(requestBody !== undefined ? { requestBody } : {}),
      status,
      // Chrome writes "x-unknown" when nothing answered.
      contentType: status === 0 ? '' : contentType,
      ...times,
    },
    pieces: body.length > 0 ? [{ t: times.startedAt, kind: 'bytes', data: body }] : [],
    end,
  };
}
