// agui.routeFromRecording(page, file, { url }): the page's AG-UI run requests answered from
// a recording in-process, through page.route, as `agui-inspector serve` answers them: runs
// in order (or by thread), each with the request's own threadId and runId in its lifecycle
// events, so the fixture sees no run/thread-changed the recording did not have. Playwright's
// routeFromHAR cannot do this: every run request carries fresh ids in its POST body, so no
// recorded entry matches it.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import { concatBytes } from '../core/bytes.js';
import { protoWithRequestIds } from '../core/replay/proto-ids.js';
import { createPicker, type MatchMode } from '../core/replay/pick.js';
import { requestIds } from '../core/replay/request-ids.js';
import { withRequestIds } from '../core/replay/rewrite-pieces.js';
import { bodyOf, defaultPattern, recordingOf } from '../core/io/recorded-runs.js';

export interface RouteFromRecordingOptions {
  /** Which requests to answer (a Playwright URL pattern); default: the recorded endpoint's path, any query, any host. */
  readonly url?: string | RegExp;
  /** 'order' (default): the next recorded run; 'thread': the next one recorded on the request's thread. */
  readonly match?: MatchMode;
  /** Start over when the runs are used up (default: answer 404). */
  readonly loop?: boolean;
  /** Keep the recorded ids instead of the request's. */
  readonly keepIds?: boolean;
}

export interface RoutedRecording {
  /** Which recorded runs answered, in order ("file#n"). */
  readonly served: readonly string[];
}

function isRunRequest(request: Request): boolean {
  if ((request.headers()['accept'] ?? '').includes('text/event-stream')) return true;
  if (request.method() !== 'POST') return false;
  try {
    const input: unknown = request.postDataJSON();
    return typeof input === 'object' && input !== null && ('threadId' in input || 'messages' in input);
  } catch {
    return false;
  }
}

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers()['origin'];
  return origin === undefined
    ? { 'access-control-allow-origin': '*' }
    : { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

export async function routeFromRecording(
  page: Page,
  file: string,
  options: RouteFromRecordingOptions = {},
): Promise<RoutedRecording> {
  const recording = recordingOf(basename(file), new Uint8Array(await readFile(file)));
  if (!recording.ok) throw new Error(`agui.routeFromRecording: ${recording.error}`);
  const runs = recording.runs;
  const picker = createPicker(runs, options.match ?? 'order', options.loop ?? false);
  const served: string[] = [];
  await page.route(options.url ?? defaultPattern(runs), async (route: Route, request: Request) => {
    if (request.method() === 'OPTIONS') {
      await route.fulfill({
        status: 204,
        headers: {
          ...corsHeaders(request),
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '*',
        },
      });
      return;
    }
    if (!isRunRequest(request)) {
      await route.fallback();
      return;
    }
    const ids = requestIds(new URL(request.url()).searchParams, request.postData() ?? '');
    const run = picker.next(ids.threadId);
    if (run === undefined) {
      await route.fulfill({
        status: 404,
        headers: corsHeaders(request),
        contentType: 'application/json',
        body: '{"error":"no recorded run left"}',
      });
      return;
    }
    served.push(run.label);
    const body =
      options.keepIds === true
        ? bodyOf(run)
        : run.encoding === 'proto'
          ? protoWithRequestIds(bodyOf(run), ids)
          : concatBytes(withRequestIds(run.pieces, run.idPatches, ids).map((p) => p.data));
    await route.fulfill({
      status: run.status,
      headers: { ...corsHeaders(request), 'cache-control': 'no-cache' },
      contentType: run.contentType,
      body: Buffer.from(body),
    });
  });
  return { served };
}
