// Redaction of a whole HAR: every entry, not only AG-UI ones. Known HAR fields keep
// their structure (methods, statuses, timings, header names); header and parameter
// values, cookies, post data and bodies are masked; browser-private `_` fields go.
// Strict: the creator, browser and server address become pseudonyms.
import { decodeBase64, encodeBase64 } from '../base64.js';
import { encodingForContentType } from '../har.js';
import { decodeUtf8, encodeUtf8, isRecord, str } from '../text.js';
import { redactProtoBytes } from './proto-body.js';
import { editSsePieces, protoPiecesWithoutCredentials, redactSseBytes } from './body.js';
import { applyEdits } from './edits.js';
import { credentialEdits } from './response-credentials.js';
import { sseDataEdits } from './sse-body.js';
import { isCredentialName, REDACTED } from './credentials.js';
import { redactHeaderValue } from './headers.js';
import { redactJsonText } from './json-lex.js';
import { maskText } from './mask.js';
import { count, credential, type RedactionReport, type RedactOptions } from './options.js';
import type { PseudonymFamily } from './pseudonyms.js';
import { redactRequestBody } from './session.js';
import { removeBodyCredentials } from './body-credentials.js';
import { redactUrl, type Mode } from './url.js';
import {
  strictAccept,
  strictCookieName,
  strictHeaderName,
  strictMediaType,
  strictPageId,
  strictText,
} from './har-strict.js';

type Rec = Record<string, unknown>;

interface Ctx {
  readonly options: RedactOptions;
  readonly report: RedactionReport;
  readonly mode: Mode;
}

/** Any value where the HAR format puts none we know: masked as data. */
function data(value: unknown, ctx: Ctx): unknown {
  if (value === undefined) return undefined;
  const text = redactJsonText(JSON.stringify(value), { k: 'data' }, ctx).text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One field of a known HAR object: `_` fields go (undefined), `special` ones run, `kept` ones stay, the rest is masked. */
function field(
  k: string,
  v: unknown,
  kept: ReadonlySet<string>,
  special: Readonly<Record<string, (v: unknown) => unknown>>,
  ctx: Ctx,
): { readonly value: unknown } | undefined {
  if (k.startsWith('_')) {
    count(ctx.report, 'har-field');
    return undefined;
  }
  // Own members only: a page's field named `valueOf` or `constructor` is data, not a handler.
  const fn = Object.hasOwn(special, k) ? special[k] : undefined;
  return { value: fn !== undefined ? fn(v) : kept.has(k) ? v : data(v, ctx) };
}

/** Copies `kept` fields as they are, runs `special` ones, drops `_` fields, masks the rest. */
function walk(
  value: unknown,
  kept: ReadonlySet<string>,
  special: Readonly<Record<string, (v: unknown) => unknown>>,
  ctx: Ctx,
): unknown {
  if (!isRecord(value)) return data(value, ctx);
  const out: Rec = {};
  for (const [k, v] of Object.entries(value)) {
    const f = field(k, v, kept, special, ctx);
    if (f !== undefined) out[k] = f.value;
  }
  return out;
}

const list = (value: unknown, each: (item: unknown, i: number) => unknown): unknown =>
  Array.isArray(value) ? value.map(each) : value;

const isStrict = (ctx: Ctx): boolean => ctx.options.strict === true;

/** Strict: a kept header value that still says more than lint needs (media type parameters, Accept). */
function strictHeaderValue(name: string, value: string, ctx: Ctx): string {
  const lower = name.toLowerCase();
  if (lower === 'content-type') return strictMediaType(value, ctx);
  return lower === 'accept' ? strictAccept(value, ctx) : value;
}

function headers(value: unknown, where: string, ctx: Ctx): unknown {
  return list(value, (h) => {
    if (!isRecord(h)) return data(h, ctx);
    const name = str(h['name']) ?? '';
    const v = str(h['value']);
    return walk(
      h,
      isStrict(ctx) ? new Set() : new Set(['name']),
      {
        ...(isStrict(ctx) ? { name: (n: unknown) => (typeof n === 'string' ? strictHeaderName(n, ctx) : n) } : {}),
        value: () => {
          if (v === undefined) return data(h['value'], ctx);
          const redacted = redactHeaderValue(name, v, where, ctx.mode, ctx.report);
          return isStrict(ctx) ? strictHeaderValue(name, redacted, ctx) : redacted;
        },
      },
      ctx,
    );
  });
}

/** Strict: a MIME type field without its parameters. */
const mimeField = (ctx: Ctx): Readonly<Record<string, (v: unknown) => unknown>> =>
  isStrict(ctx) ? { mimeType: (v) => (typeof v === 'string' ? strictMediaType(v, ctx) : v) } : {};

function params(value: unknown, where: string, ctx: Ctx): unknown {
  return list(value, (p) => {
    const name = isRecord(p) ? (str(p['name']) ?? '') : '';
    return walk(
      p,
      new Set(['name', 'contentType']),
      {
        ...(isStrict(ctx)
          ? { contentType: (v: unknown) => (typeof v === 'string' ? strictMediaType(v, ctx) : v) }
          : {}),
        value: (v) => {
          if (typeof v !== 'string' || v === '') return v;
          if (isCredentialName(name)) {
            credential(ctx.report, 'credential-query', `${where} parameter ${name}`);
            return REDACTED;
          }
          count(ctx.report, 'query-value');
          return maskText(v.length, ctx.options);
        },
      },
      ctx,
    );
  });
}

function cookies(value: unknown, where: string, ctx: Ctx): unknown {
  return list(value, (c) => {
    const name = isRecord(c) ? (str(c['name']) ?? '') : '';
    return walk(
      c,
      new Set(['name', 'path', 'domain', 'expires', 'httpOnly', 'secure', 'sameSite']),
      {
        ...(isStrict(ctx) ? { name: (n: unknown) => (typeof n === 'string' ? strictCookieName(n, ctx) : n) } : {}),
        value: () => {
          credential(ctx.report, 'cookie', `${where} cookie ${name}`);
          return REDACTED;
        },
      },
      ctx,
    );
  });
}

/** An SSE body's event credential fields replaced and listed (./response-credentials.ts). */
function sseWithoutCredentials(bytes: Uint8Array, where: string, report: RedactionReport, paths: boolean): Uint8Array {
  const edited = editSsePieces(
    [bytes],
    (text) => sseDataEdits(text, (slot, json) => credentialEdits(json, `${where}.events[${slot}]`, report, paths)),
    true,
  );
  return edited[0] ?? bytes;
}

/** A response body: credential fields go and are listed; AG-UI streams keep their framing; anything else is masked. */
function body(text: string, base64: boolean, mimeType: string, where: string, ctx: Ctx): string {
  const bytes = base64 ? decodeBase64(text) : encodeUtf8(text);
  const encoding = encodingForContentType(mimeType);
  if (bytes !== undefined && encoding !== undefined) {
    const out =
      encoding === 'sse'
        ? redactSseBytes(
            sseWithoutCredentials(bytes, where, ctx.report, ctx.options.strict !== true),
            ctx.options,
            ctx.report,
          )
        : redactProtoBytes(
            protoPiecesWithoutCredentials([bytes], where, ctx.report, ctx.options.strict !== true)[0] ?? bytes,
            ctx.options,
            ctx.report,
          ).bytes;
    return base64 ? encodeBase64(out) : new TextDecoder().decode(out);
  }
  const plain = bytes === undefined ? undefined : decodeUtf8(bytes);
  if (plain !== undefined && /^\s*[[{]/.test(plain)) {
    const clean = applyEdits(plain, credentialEdits(plain, where, ctx.report, ctx.options.strict !== true));
    const redacted = redactJsonText(clean, { k: 'data' }, ctx).text;
    return base64 ? encodeBase64(encodeUtf8(redacted)) : redacted;
  }
  count(ctx.report, 'other-body');
  // Binary or prose: nothing of it is structure.
  return base64 ? encodeBase64(new Uint8Array(bytes?.length ?? 0)) : maskText(text.length, ctx.options);
}

function request(value: unknown, where: string, ctx: Ctx): unknown {
  return walk(
    value,
    new Set(['method', 'httpVersion', 'headersSize', 'bodySize']),
    {
      url: (v) => (typeof v === 'string' ? redactUrl(v, `${where}.url`, ctx.mode, ctx.report) : data(v, ctx)),
      headers: (v) => headers(v, `${where}.headers`, ctx),
      queryString: (v) => params(v, `${where}.queryString`, ctx),
      cookies: (v) => cookies(v, where, ctx),
      postData: (v) =>
        walk(
          v,
          new Set(['mimeType']),
          {
            ...mimeField(ctx),
            text: (t) =>
              typeof t === 'string'
                ? redactRequestBody(
                    removeBodyCredentials(t, `${where}.postData.text`, ctx.report, ctx.options.strict === true),
                    ctx.options,
                    ctx.report,
                  )
                : data(t, ctx),
            params: (p) => params(p, `${where}.postData`, ctx),
          },
          ctx,
        ),
    },
    ctx,
  );
}

function response(value: unknown, where: string, ctx: Ctx): unknown {
  return walk(
    value,
    new Set(['status', 'statusText', 'httpVersion', 'headersSize', 'bodySize']),
    {
      ...(isStrict(ctx) ? { statusText: (v: unknown) => (typeof v === 'string' ? strictText(v, ctx) : v) } : {}),
      headers: (v) => headers(v, `${where}.headers`, ctx),
      cookies: (v) => cookies(v, where, ctx),
      redirectURL: (v) =>
        typeof v === 'string' ? redactUrl(v, `${where}.redirectURL`, ctx.mode, ctx.report) : data(v, ctx),
      content: (c) => {
        const mimeType = isRecord(c) ? (str(c['mimeType']) ?? '') : '';
        const base64 = isRecord(c) && c['encoding'] === 'base64';
        return walk(
          c,
          new Set(['size', 'compression', 'mimeType', 'encoding']),
          {
            ...mimeField(ctx),
            text: (t) =>
              typeof t === 'string' ? body(t, base64, mimeType, `${where}.content.text`, ctx) : data(t, ctx),
          },
          ctx,
        );
      },
    },
    ctx,
  );
}

/** Strict: a timing's phases stay (lint reads them), its `comment` is data. */
const TIMINGS_KEPT = new Set(['blocked', 'dns', 'connect', 'send', 'wait', 'receive', 'ssl']);

const ENTRY_KEPT = new Set(['startedDateTime', 'time', 'timings', 'serverIPAddress', 'connection', 'pageref']);

/** Strict: the tool that wrote the HAR (and the browser) by pseudonyms; a comment is data. */
function strictCreator(value: unknown, ctx: Ctx): unknown {
  return walk(
    value,
    new Set(),
    {
      name: (v) => pseudonym(v, 'creator', ctx),
      version: (v) => pseudonym(v, 'creator', ctx),
    },
    ctx,
  );
}

function pseudonym(value: unknown, family: PseudonymFamily, ctx: Ctx): unknown {
  if (typeof value !== 'string' || value === '') return value;
  count(ctx.report, 'pseudonym');
  return ctx.report.pseudonyms.of(family, value);
}

const LOG_KEPT = new Set(['version', 'creator', 'browser']);

/** A HAR's redaction a part at a time (./har-stream.ts), or whole (redactHarValue): one report. */
export interface HarRedaction {
  /** The whole `log` value. */
  log(value: unknown): unknown;
  /** One member of `log` (not its entries, which go one at a time); undefined: it goes. */
  member(key: string, value: unknown): { readonly value: unknown } | undefined;
  /** The `index`-th item of log.entries. */
  entry(value: unknown, index: number): unknown;
}

export function harRedaction(options: RedactOptions, report: RedactionReport): HarRedaction {
  const ctx: Ctx = { options, report, mode: { full: true, options } };
  const strict = options.strict === true;
  const entry = (e: unknown, i: number): unknown =>
    walk(
      e,
      ENTRY_KEPT,
      {
        ...(strict
          ? {
              serverIPAddress: (v: unknown) => pseudonym(v, 'ip', ctx),
              pageref: (v: unknown) => (typeof v === 'string' ? strictPageId(v, ctx) : v),
              timings: (v: unknown) => walk(v, TIMINGS_KEPT, {}, ctx),
            }
          : {}),
        request: (r) => request(r, `log.entries[${i}].request`, ctx),
        response: (r) => response(r, `log.entries[${i}].response`, ctx),
      },
      ctx,
    );
  const special = {
    ...(strict
      ? { creator: (v: unknown) => strictCreator(v, ctx), browser: (v: unknown) => strictCreator(v, ctx) }
      : {}),
    pages: (pages: unknown) =>
      list(pages, (p) =>
        walk(
          p,
          new Set(['startedDateTime', 'id', 'pageTimings']),
          strict
            ? {
                id: (v: unknown) => (typeof v === 'string' ? strictPageId(v, ctx) : v),
                pageTimings: (v: unknown) => walk(v, new Set(['onContentLoad', 'onLoad']), {}, ctx),
              }
            : {},
          ctx,
        ),
      ),
    entries: (entries: unknown) => list(entries, entry),
  };
  return {
    log: (value) => walk(value, LOG_KEPT, special, ctx),
    member: (key, value) => field(key, value, LOG_KEPT, special, ctx),
    entry,
  };
}

export function redactHarValue(root: Rec, options: RedactOptions, report: RedactionReport): Rec {
  return { log: harRedaction(options, report).log(root['log']) };
}
