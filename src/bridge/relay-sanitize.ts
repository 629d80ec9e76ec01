// Page-claimed values, made sane at the relay before anything reaches a panel. The
// guards (./guards.ts) already rejected wrong types and oversized fields; here values
// that are well-typed but implausible are clamped: a timestamp far from the relay's own
// clock (a page can post -1e300 and push the time axis to "2e+297 s"), a URL that does
// not parse, header maps too big in total or with names no HTTP header can have.
import { LIMITS, type TapItem } from './messages.js';

/** The page's claim if it is near our clock (see LIMITS.clockPastMs), else our clock. */
export function saneTime(t: number, now: number): number {
  return Number.isFinite(t) && t >= now - LIMITS.clockPastMs && t <= now + LIMITS.clockFutureMs ? t : now;
}

/** Absolute (resolved against the document), length-capped, parseable; else a marker. */
export function saneUrl(url: string, base: string): string {
  let href: string;
  try {
    href = new URL(url, base).href;
  } catch {
    return '(unparseable URL)';
  }
  return href.length <= LIMITS.urlLength ? href : `${href.slice(0, LIMITS.urlLength)}…`;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/** Valid names only, and at most LIMITS.headerBytes in total (the rest dropped and noted). */
export function saneHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  let total = 0;
  let skipped = 0;
  for (const [k, v] of Object.entries(headers)) {
    if (!HEADER_NAME.test(k) || total + k.length + v.length > LIMITS.headerBytes) {
      skipped++;
      continue;
    }
    total += k.length + v.length;
    out[k] = v;
  }
  if (skipped > 0)
    out['x-agui-inspector-note'] = `${skipped} header(s) dropped: invalid or over ${LIMITS.headerBytes / 1024} kB`;
  return out;
}

/** The same message with its page-claimed values made sane (ids were checked by the guards). */
export function sanitizeTapMessage(m: TapItem, now: number, docUrl: string): TapItem {
  if (m.kind === 'chunk-blob') return { ...m, parts: m.parts.map((p) => ({ ...p, t: saneTime(p.t, now) })) };
  const t = saneTime(m.t, now);
  switch (m.kind) {
    case 'stream-open':
      return {
        ...m,
        t,
        // A request time after the head or off the clock is dropped: time to headers cannot be negative.
        requestedAt:
          m.requestedAt !== undefined && saneTime(m.requestedAt, now) === m.requestedAt && m.requestedAt <= t
            ? m.requestedAt
            : undefined,
        url: saneUrl(m.url, docUrl),
        frameUrl: saneUrl(m.frameUrl, docUrl),
        requestHeaders: saneHeaders(m.requestHeaders),
      };
    case 'tap-ready':
      return { ...m, t, frameUrl: saneUrl(m.frameUrl, docUrl) };
    case 'stream-ignored':
      return { ...m, t, url: saneUrl(m.url, docUrl) };
    default:
      return t === m.t ? m : { ...m, t };
  }
}
