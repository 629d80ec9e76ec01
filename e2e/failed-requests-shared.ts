// The failed run requests of issue 41 as a page makes them (the way @ag-ui/client's
// HttpAgent does: a RunAgentInput POST accepting an event stream), shared by the panel
// and fixture specs. Each names the finding it must produce and words of its message.
import type { Page } from '@playwright/test';

export interface FailureCase {
  readonly name: string;
  /** The URL the page fetches (relative to the test server, or absolute). */
  readonly url: (server: string, refusedPort: number) => string;
  readonly rule: string;
  /** Words the finding's message must hold (status, body start, error). */
  readonly says: readonly string[];
}

export const FAILURES: readonly FailureCase[] = [
  {
    name: '503 text/plain',
    url: (s) => `${s}/fail/503`,
    rule: 'transport/http-status',
    says: ['HTTP 503 text/plain', 'upstream agent unavailable'],
  },
  {
    name: 'HTML 500',
    url: (s) => `${s}/fail/html500`,
    rule: 'transport/http-status',
    says: ['HTTP 500 text/html', '500 Internal Server Error — Internal Server Error The agent crashed'],
  },
  {
    name: 'JSON 401',
    url: (s) => `${s}/fail/json401`,
    rule: 'transport/http-status',
    says: ['HTTP 401 application/json', '{"error":"invalid api key","code":"auth"}'],
  },
  {
    name: 'connection refused',
    url: (_s, port) => `http://127.0.0.1:${port}/agent`,
    rule: 'transport/network-error',
    says: ['network error', 'Failed to fetch'],
  },
  {
    name: 'CORS blocked',
    // Same server, another origin (localhost vs 127.0.0.1): no Access-Control-Allow-Origin.
    url: (s) => `${s.replace('127.0.0.1', 'localhost')}/fail/cors`,
    rule: 'transport/network-error',
    says: ['network error', 'Failed to fetch'],
  },
];

/** The page's run request, as HttpAgent sends it; resolves with what the page saw. */
export async function pageRun(page: Page, url: string, runId: string): Promise<string> {
  return page.evaluate(
    async ([u, r]) => {
      try {
        const res = await fetch(u, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ threadId: 'thread-fail', runId: r, messages: [], tools: [] }),
        });
        return `${res.status} ${(await res.text()).slice(0, 40)}`;
      } catch (e) {
        return String(e);
      }
    },
    [url, runId] as const,
  );
}
