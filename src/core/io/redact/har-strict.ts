// Strict redaction of the HAR fields a default redaction keeps as structure but that can
// carry secrets: header and cookie names outside the standard ones, `statusText`,
// `timings.comment`, page ids (and the entries' `pageref`), MIME and Content-Type
// parameters and `Accept` values. What lint reads stays: standard header names (it finds
// `content-type` and `accept` by name), media types without their parameters, the AG-UI
// media types in `Accept`, and the same pseudonym for the same page id in both places.
import { maskText } from './mask.js';
import { count, type RedactionReport, type RedactOptions } from './options.js';
import type { PseudonymFamily } from './pseudonyms.js';

/** Names of the HTTP standard (RFC 9110, 9111, the Fetch standard) and the common proxy ones: no one's data. */
const STANDARD_HEADERS = new Set([
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
  'accept-ranges',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-request-headers',
  'access-control-request-method',
  'age',
  'allow',
  'authorization',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-location',
  'content-range',
  'content-security-policy',
  'content-type',
  'cookie',
  'date',
  'etag',
  'expect',
  'expires',
  'forwarded',
  'host',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'if-unmodified-since',
  'keep-alive',
  'last-modified',
  'link',
  'location',
  'origin',
  'pragma',
  'proxy-authorization',
  'range',
  'referer',
  'referrer-policy',
  'retry-after',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'server',
  'set-cookie',
  'strict-transport-security',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'vary',
  'via',
  'x-accel-buffering',
  'x-content-type-options',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-frame-options',
  'x-requested-with',
]);

/** Media types `Accept` keeps: the ones an AG-UI request names (lint checks for the event stream). */
const AGUI_MEDIA = new Set([
  '*/*',
  'text/*',
  'application/*',
  'text/event-stream',
  'application/json',
  'application/vnd.ag-ui.event+proto',
]);

export interface StrictCtx {
  readonly options: RedactOptions;
  readonly report: RedactionReport;
}

function pseudonym(value: string, family: PseudonymFamily, ctx: StrictCtx): string {
  if (value === '') return value;
  count(ctx.report, 'pseudonym');
  return ctx.report.pseudonyms.of(family, value);
}

/** A header name: standard ones stay (lint finds headers by name), others become `header-N`. */
export function strictHeaderName(name: string, ctx: StrictCtx): string {
  return STANDARD_HEADERS.has(name.toLowerCase()) ? name : pseudonym(name, 'header', ctx);
}

export function strictCookieName(name: string, ctx: StrictCtx): string {
  return pseudonym(name, 'cookie', ctx);
}

export function strictPageId(id: string, ctx: StrictCtx): string {
  return pseudonym(id, 'page', ctx);
}

/** A media type without its parameters (`text/event-stream; boundary=…` → `text/event-stream`). */
export function strictMediaType(value: string, ctx: StrictCtx): string {
  const cut = value.indexOf(';');
  if (cut < 0) return value;
  count(ctx.report, 'header-value');
  return value.slice(0, cut).trim();
}

/** `Accept`: each range without parameters; a range that is not an AG-UI media type is masked. */
export function strictAccept(value: string, ctx: StrictCtx): string {
  return value
    .split(',')
    .map((range) => {
      const type = range.split(';', 1)[0]!.trim();
      if (type === range.trim() && AGUI_MEDIA.has(type.toLowerCase())) return range;
      count(ctx.report, 'header-value');
      return AGUI_MEDIA.has(type.toLowerCase()) ? type : maskText(type.length, ctx.options);
    })
    .join(',');
}

/** Free text (`statusText`, a `comment`): masked as any data string. */
export function strictText(value: string, ctx: StrictCtx): string {
  if (value === '') return value;
  count(ctx.report, 'string');
  return maskText(value.length, ctx.options);
}
