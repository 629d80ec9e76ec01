// What is still in flight in a test's browser context, for the web-first assertions: AG-UI
// streams the tap has opened and not ended, and the page's fetch/XHR/EventSource requests
// whose response has not yet said what it is (the tap only sees a stream once its headers
// arrive, so a run the page has just started is known here first, from Playwright's own
// network events). A request whose response is plainly not AG-UI stops counting at once.
import type { BrowserContext, Request } from '@playwright/test';
import type { Collector } from './collector.js';

const WATCHED = new Set(['fetch', 'xhr', 'eventsource']);

/** The content types the tap captures (src/tap/context.ts): SSE and AG-UI's protobuf. */
export function mayBeAgui(contentType: string | undefined): boolean {
  const ct = (contentType ?? '').toLowerCase();
  return ct.startsWith('text/event-stream') || ct.includes('ag-ui');
}

export interface Activity {
  /** One line per stream or request still in flight ("POST http://…/agent (open 1.2 s)"). */
  open(): string[];
  /** When anything last started, ended or arrived (ms, the clock given). */
  lastChange(): number;
  dispose(): void;
}

export function trackActivity(context: BrowserContext, collector: Collector, now: () => number): Activity {
  const pending = new Map<Request, number>();
  let changed = now();
  let received = collector.received();
  const touch = () => void (changed = now());
  const onRequest = (r: Request) => {
    if (!WATCHED.has(r.resourceType())) return;
    pending.set(r, now());
    touch();
  };
  const onDone = (r: Request) => {
    if (pending.delete(r)) touch();
  };
  const onResponse = (res: { request(): Request; headers(): Record<string, string> }) => {
    if (!mayBeAgui(res.headers()['content-type'])) onDone(res.request());
  };
  context.on('request', onRequest);
  context.on('response', onResponse);
  context.on('requestfinished', onDone);
  context.on('requestfailed', onDone);
  const age = (since: number) => `${((now() - since) / 1000).toFixed(1)} s`;
  return {
    open() {
      const lines: string[] = [];
      const streamUrls = new Set<string>();
      for (const s of collector.modelSoFar().streams) {
        if (s.end !== undefined) continue;
        streamUrls.add(s.info.url);
        lines.push(`${s.info.method} ${s.info.url} (AG-UI stream open ${age(s.info.startedAt)})`);
      }
      for (const [r, since] of pending) {
        // A request the tap already shows as an open stream is listed once, as the stream.
        if (streamUrls.has(r.url()) || isClosed(r)) continue;
        lines.push(`${r.method()} ${r.url()} (request in flight ${age(since)})`);
      }
      return lines;
    },
    lastChange() {
      const r = collector.received();
      if (r !== received) {
        received = r;
        touch();
      }
      return changed;
    },
    dispose() {
      context.off('request', onRequest);
      context.off('response', onResponse);
      context.off('requestfinished', onDone);
      context.off('requestfailed', onDone);
    },
  };
}

function isClosed(r: Request): boolean {
  try {
    return r.frame().page().isClosed();
  } catch {
    // A service worker's request has no frame: it is not the page's run.
    return true;
  }
}
