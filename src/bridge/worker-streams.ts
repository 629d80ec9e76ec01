// Event streams the tap cannot see (above all, those a Web Worker opens: the tap patches
// windows, not worker globals) must not pass in silence. The service worker sees every
// event-stream response through chrome.webRequest and matches it against the streams the
// tap reported; one the tap never reports within a grace period is announced to the
// panels as 'worker-stream', so capture health can say so.
//
// What webRequest exposes (Chromium 156, checked): a dedicated worker's fetch and
// EventSource look like the page's own: tabId of the tab, frameId 0, the creating
// document's documentId, type 'xmlhttprequest', the page origin as initiator. Shared and
// service workers' requests carry tabId -1 and are attributed by initiator origin. No
// field tells a worker's request from the page's: hence the matching against the tap.
import { LIMITS } from './messages.js';

/** The fields of chrome.webRequest.onResponseStarted details we read. */
export interface ResponseDetails {
  readonly url: string;
  readonly tabId: number;
  readonly initiator?: string;
  readonly responseHeaders?: readonly { readonly name: string; readonly value?: string }[];
}

export interface NetworkStream {
  readonly url: string;
  /** The tab Chrome names, or (tabId -1: a shared or service worker) the initiating origin. */
  readonly tabId?: number;
  readonly origin?: string;
}

/** Fragment-free and capped, the way both webRequest and the relay report URLs. */
export function streamUrlKey(url: string): string {
  const hash = url.indexOf('#');
  return (hash < 0 ? url : url.slice(0, hash)).slice(0, LIMITS.urlLength);
}

/** An event-stream response as the matcher needs it, or undefined. */
export function eventStreamOf(d: ResponseDetails): NetworkStream | undefined {
  const ct = d.responseHeaders?.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  if (!/^\s*text\/event-stream\b/i.test(ct)) return undefined;
  const url = streamUrlKey(d.url);
  if (d.tabId >= 0) return { url, tabId: d.tabId };
  const origin = d.initiator;
  if (!origin || origin === 'null' || origin.startsWith('chrome-extension:')) return undefined;
  return { url, origin };
}

export interface StreamMatcher {
  /** webRequest saw an event-stream response with this URL. */
  network(url: string): void;
  /** The tap reported a stream (or an ignored response) with this URL. */
  tapSaw(url: string): void;
  dispose(): void;
}

export interface MatcherDeps {
  readonly onUnseen: (url: string) => void;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (h: unknown) => void;
  readonly now: () => number;
  /** How long the tap has to report a stream webRequest saw (and vice versa). */
  readonly graceMs?: number;
}

/** Bounds per tab: a page opening streams by the thousand must not grow this forever. */
const MAX_ENTRIES = 10_000;

export function createStreamMatcher(deps: MatcherDeps): StreamMatcher {
  const grace = deps.graceMs ?? 3_000;
  /** Network responses still waiting for the tap's report, per URL, oldest first. */
  const waiting = new Map<string, { at: number; timer: unknown }[]>();
  /** Tap reports that came first, per URL (times, oldest first). */
  const early = new Map<string, number[]>();
  let size = 0;
  let ops = 0;
  const prune = (list: number[], now: number): void => {
    while (list.length > 0 && now - (list[0] as number) > grace) {
      list.shift();
      size--;
    }
  };
  // Tap reports no network event ever matches (e.g. a proto stream) expire: sweep now and then.
  const sweep = (now: number): void => {
    if (++ops % 256 !== 0 && size < MAX_ENTRIES) return;
    for (const [url, list] of early) {
      prune(list, now);
      if (list.length === 0) early.delete(url);
    }
  };
  return {
    network(url) {
      const now = deps.now();
      sweep(now);
      const seen = early.get(url);
      if (seen) {
        prune(seen, now);
        if (seen.length > 0) {
          seen.shift();
          size--;
          if (seen.length === 0) early.delete(url);
          return;
        }
        early.delete(url);
      }
      if (size >= MAX_ENTRIES) return;
      const list = waiting.get(url) ?? [];
      waiting.set(url, list);
      const entry = { at: now, timer: undefined as unknown };
      entry.timer = deps.setTimer(() => {
        const i = list.indexOf(entry);
        if (i < 0) return;
        list.splice(i, 1);
        size--;
        if (list.length === 0) waiting.delete(url);
        deps.onUnseen(url);
      }, grace);
      list.push(entry);
      size++;
    },
    tapSaw(url) {
      const list = waiting.get(url);
      const first = list?.shift();
      if (first) {
        deps.clearTimer(first.timer);
        size--;
        if (list?.length === 0) waiting.delete(url);
        return;
      }
      const now = deps.now();
      sweep(now);
      if (size >= MAX_ENTRIES) return;
      const seen = early.get(url) ?? [];
      early.set(url, seen);
      prune(seen, now);
      seen.push(now);
      size++;
    },
    dispose() {
      for (const list of waiting.values()) for (const e of list) deps.clearTimer(e.timer);
      waiting.clear();
      early.clear();
      size = 0;
    },
  };
}
