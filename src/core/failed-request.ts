// A run request that got no AG-UI answer (encoding 'none'): why, and the start of what came
// back, in the words the rules, the panel, the CLI and the fixture share. The official
// client fails such a run before reading a single event (`HTTP 503: …`, a rejected fetch),
// so this is what a developer debugs first.
import type { StreamModel } from './model/types.js';

export type RequestFailure = 'http-status' | 'content-type' | 'network-error' | 'aborted-before-response';

/** Bytes of a failed answer's body kept and shown: enough for an error page's title and first lines. */
export const FAILED_BODY_BYTES = 4096;

/** What the official client accepts as a run's answer: 2xx. */
export function isOkStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Why the run request failed; undefined for a stream that answered, or a network failure not yet ended. */
export function requestFailure(stream: StreamModel): RequestFailure | undefined {
  const { encoding, status } = stream.info;
  if (encoding !== 'none') return status > 0 && !isOkStatus(status) ? 'http-status' : undefined;
  if (status > 0) return isOkStatus(status) ? 'content-type' : 'http-status';
  const end = stream.end;
  if (end === undefined) return undefined;
  return end.reason === 'aborted' || end.reason === 'cancelled' ? 'aborted-before-response' : 'network-error';
}

export interface FailedBody {
  /** The `<title>` of an HTML answer. */
  readonly title: string | undefined;
  /** The body's start as plain text (an HTML page reduced to its text), whitespace collapsed. */
  readonly text: string;
  /** More bytes came than were kept or shown. */
  readonly cut: boolean;
}

function bodyBytes(stream: StreamModel, max: number): { bytes: Uint8Array; cut: boolean } {
  const out = new Uint8Array(Math.min(stream.bytes, max));
  let at = 0;
  for (const chunk of stream.chunks) {
    if (chunk.kind !== 'bytes' || at >= out.length) continue;
    const part = chunk.data.subarray(0, out.length - at);
    out.set(part, at);
    at += part.length;
  }
  return { bytes: out.subarray(0, at), cut: stream.bytes > max };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function looksLikeHtml(contentType: string, text: string): boolean {
  return /html/i.test(contentType) || /^\s*<(!doctype html|html)/i.test(text);
}

/**
 * The start of the answer's body as text: an HTML page reduced to its title and visible
 * text (scripts, styles and tags dropped). Only ever shown as text, never as markup.
 */
export function failedBody(stream: StreamModel, max = FAILED_BODY_BYTES): FailedBody {
  const { bytes, cut } = bodyBytes(stream, max);
  const raw = new TextDecoder('utf-8').decode(bytes);
  if (!looksLikeHtml(stream.info.contentType, raw)) return { title: undefined, text: raw.trim(), cut };
  const title = /<title[^>]*>([\s\S]*?)(<\/title>|$)/i.exec(raw)?.[1];
  const body = raw
    .replace(/<(script|style|head)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<[^>]*(>|$)/g, ' ');
  return {
    title: title === undefined ? undefined : collapse(decodeEntities(title)) || undefined,
    text: collapse(decodeEntities(body)),
    cut,
  };
}

/** The body's start in one short line (at most `width` characters) for messages and labels. */
export function failedBodyLine(stream: StreamModel, width = 160): string {
  const body = failedBody(stream);
  const text =
    body.title !== undefined && !body.text.startsWith(body.title) ? `${body.title} — ${body.text}` : body.text;
  const line = collapse(text);
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** The failure in a few words: "HTTP 503 text/plain", "network error: Failed to fetch". */
export function failureSummary(stream: StreamModel): string {
  const { status, contentType } = stream.info;
  const type = contentType === '' ? 'no content type' : contentType.split(';')[0]?.trim();
  switch (requestFailure(stream)) {
    case 'http-status':
      return `HTTP ${status} ${type}`;
    case 'content-type':
      return `HTTP ${status} ${type}, not an AG-UI stream`;
    case 'network-error':
      return `network error${stream.end?.error ? `: ${stream.end.error}` : ''}`;
    case 'aborted-before-response':
      return 'aborted before the response';
    default:
      return 'no answer yet';
  }
}
