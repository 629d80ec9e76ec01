// When a HAR entry's response headers arrived, from its HAR 1.2 `timings`: the phases before
// the first byte of the answer (blocked, dns, connect, send, wait; `ssl` is part of
// `connect`, and -1 marks a phase that did not apply). The body times are lost (a HAR keeps
// the body as one piece), but the time to response headers is kept, as Network shows it.
import { isRecord, num } from './text.js';

const BEFORE_HEADERS = ['blocked', 'dns', 'connect', 'send', 'wait'] as const;

/**
 * Milliseconds from the entry's `startedDateTime` to its response headers, or undefined when
 * the entry cannot tell: no timings, every phase zero or not applicable (as a writer that
 * measured nothing leaves them), or phases that add up to more than the entry's `time`.
 */
export function harTimeToHeaders(entry: Record<string, unknown>): number | undefined {
  const timings = entry['timings'];
  if (!isRecord(timings)) return undefined;
  let sum = 0;
  for (const phase of BEFORE_HEADERS) {
    const ms = num(timings[phase]);
    if (ms !== undefined && ms > 0) sum += ms;
  }
  const total = num(entry['time']);
  if (sum <= 0 || (total !== undefined && total >= 0 && sum > total)) return undefined;
  return sum;
}

/** The request's start and its headers' arrival (ms since epoch) for a capture's open record. */
export function harRequestTimes(
  entry: Record<string, unknown>,
  startedDateTime: number,
): { readonly startedAt: number; readonly requestedAt?: number } {
  const headers = harTimeToHeaders(entry);
  return headers === undefined
    ? { startedAt: startedDateTime }
    : { startedAt: startedDateTime + headers, requestedAt: startedDateTime };
}
