// agui.conformance(page, { trigger, cases }): the app under test gets each conformance case
// as the answer to its next run request (routed in-process to a loopback case server,
// paced as the case says, with the request's own ids), and each case is judged as a user
// would see it: uncaught exceptions, console errors, whether the run settled (the body read
// to its end or cancelled, then the page quiet), whether an error shows for a case that
// should show one, a screenshot; compared case by case with the official client.
import type { Page, Request, Route } from '@playwright/test';
import { pickCases } from '../core/client-cases/catalogue.js';
import type { ClientCase } from '../core/client-cases/types.js';
import { startCaseServer, type CaseRequest, type RequestEnding } from './case-server.js';

export interface ConformanceOptions {
  /** The user action that starts a run (e.g. clicking Send); called once per case. */
  readonly trigger: (page: Page, c: ClientCase) => Promise<void>;
  /** Case picks as `serve --cases` takes them (default all), or the cases themselves. */
  readonly cases?: readonly string[] | readonly ClientCase[];
  /** Which requests are the app's run requests (a Playwright URL pattern; default any POST with a RunAgentInput body or an event-stream GET). */
  readonly url?: string | RegExp;
  /** Before each case after the first: default reloads the page, so cases do not leak into each other. */
  readonly reset?: (page: Page) => Promise<void>;
  /** How long after the case's last event the app may take to settle (default 5000 ms). */
  readonly settleMs?: number;
  /** Playback speed: 2 plays twice as fast as the case's timing (default 1). */
  readonly speed?: number;
  /** Text on the page that reads as an error shown to the user (default /error|failed|went wrong/i). */
  readonly errorText?: RegExp;
  /**
   * Whether the page shows the user an error now (default: a visible role="alert", or more
   * matches of errorText than before the case). An app that words tool errors as "error:"
   * in the chat gives its own, e.g. `(p) => p.getByRole('alert').isVisible()`.
   */
  readonly showsError?: (page: Page) => Promise<boolean>;
}

export interface CaseResult {
  readonly id: string;
  readonly title: string;
  readonly goodClient: string;
  /** What the released official client does with the same stream. */
  readonly official: string;
  /** How the app's request for the case ended ('never requested' when the trigger sent none). */
  readonly request: RequestEnding | 'never requested';
  readonly followUps: number;
  readonly pageErrors: readonly string[];
  readonly consoleErrors: readonly string[];
  readonly settled: boolean;
  readonly showedError: boolean;
  /** The page when the case ended, for cases with problems (a passing case keeps none: a hundred screenshots cost seconds). */
  readonly screenshot?: Buffer;
  /** What a demanding user would call wrong; empty when the app passed the case. */
  readonly problems: readonly string[];
}

const DEFAULT_ERROR_TEXT = /error|failed|went wrong/i;

function isRunRequest(request: Request): boolean {
  if ((request.headers()['accept'] ?? '').includes('text/event-stream') && request.method() === 'GET') return true;
  if (request.method() !== 'POST') return false;
  try {
    const input: unknown = request.postDataJSON();
    return typeof input === 'object' && input !== null && ('threadId' in input || 'messages' in input);
  } catch {
    return false;
  }
}

/** The cases a pick names, or the cases given; throws on a pick that names none. */
export function casesOf(cases: ConformanceOptions['cases']): readonly ClientCase[] {
  if (cases !== undefined && cases.length > 0 && typeof cases[0] !== 'string') return cases as readonly ClientCase[];
  const picked = pickCases((cases ?? []) as readonly string[]);
  if (!picked.ok) throw new Error(`agui.conformance: ${picked.error}`);
  return picked.cases;
}

/** When the case's last event is due, in ms at this speed (keep-alives after it do not count). */
function lastEventAt(c: ClientCase, speed: number): number {
  const events = c.answer.parts.filter((p) => 'event' in p || c.answer.status >= 400);
  return Math.max(0, ...events.map((p) => p.at)) / speed;
}

async function waitUntil(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/** Polls an async check every 25 ms until it holds (true) or `ms` pass (false). */
async function pollFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

function judge(
  c: ClientCase,
  r: Omit<CaseResult, 'problems' | 'screenshot' | 'id' | 'title' | 'goodClient' | 'official'>,
): string[] {
  const problems: string[] = [];
  if (r.request === 'never requested') problems.push('the trigger sent no run request');
  for (const e of r.pageErrors) problems.push(`uncaught: ${e}`);
  if (!r.settled)
    problems.push(
      r.request === 'left open (the runner ended it)'
        ? 'the app kept waiting on a body that stayed open after the run ended'
        : 'the page did not settle after the run',
    );
  if (c.shouldShowError && !r.showedError) problems.push('no error shown, where a good client shows one');
  // Once the runner ended a body the app kept open, an error is the app's fair answer.
  const forced = r.request === 'left open (the runner ended it)';
  if (!c.shouldShowError && r.showedError && c.required.outcome !== 'failed' && !forced)
    problems.push('an error shown for a stream a good client accepts');
  return problems;
}

export async function runConformance(page: Page, options: ConformanceOptions): Promise<CaseResult[]> {
  const cases = casesOf(options.cases);
  const speed = options.speed ?? 1;
  const settleMs = options.settleMs ?? 5_000;
  const errorText = options.errorText ?? DEFAULT_ERROR_TEXT;
  const everywhere = new RegExp(errorText.source, `${errorText.flags.replace('g', '')}g`);
  const server = await startCaseServer(speed);
  const handler = async (route: Route, request: Request) => {
    if (!isRunRequest(request)) return route.fallback();
    const target = new URL(request.url());
    return route.continue({ url: `${server.url}${target.pathname}${target.search}` });
  };
  const pattern = options.url ?? '**/*';
  await page.route(pattern, handler);
  const results: CaseResult[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const onPageError = (e: Error) => void pageErrors.push(e.message);
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  try {
    for (const [i, c] of cases.entries()) {
      if (i > 0) await (options.reset ?? ((p: Page) => p.reload().then(() => undefined)))(page);
      pageErrors.length = 0;
      consoleErrors.length = 0;
      const matches = async () => (await page.locator('body').innerText()).match(everywhere)?.length ?? 0;
      const before = options.showsError === undefined ? await matches() : 0;
      server.play(c);
      const first = server.requests.length;
      await options.trigger(page, c);
      const mine = (): CaseRequest[] => server.requests.slice(first);
      const requested = await waitUntil(() => mine().length > 0, settleMs);
      const ended =
        requested &&
        (await waitUntil(() => mine().every((r) => r.ending !== 'open'), lastEventAt(c, speed) + settleMs));
      server.endOpen();
      await waitUntil(() => mine().every((r) => r.ending !== 'open'), 1_000);
      const showsError = async (): Promise<boolean> =>
        options.showsError !== undefined
          ? await options.showsError(page)
          : (await page.getByRole('alert').filter({ visible: true }).count()) > 0 || (await matches()) > before;
      // A case a good client answers with an error waits for it as a web-first assertion
      // would, up to settleMs: the stream's end reaches the server before the app has read
      // and drawn it, and a busy CI machine drew the demo's alert after the old 100 ms. Any
      // other case is read after a quiet moment.
      let showedError: boolean;
      if (c.shouldShowError) showedError = await pollFor(showsError, settleMs);
      else {
        await page.waitForTimeout(100);
        showedError = await showsError();
      }
      const own = mine().find((r) => !r.followUp);
      const seen = {
        request: own?.ending ?? ('never requested' as const),
        followUps: mine().filter((r) => r.followUp).length,
        pageErrors: [...pageErrors],
        consoleErrors: [...consoleErrors],
        settled: requested && ended,
        showedError,
      };
      const problems = judge(c, seen);
      const official = `${c.official.outcome}${c.official.errorContains !== undefined ? ` ("${c.official.errorContains}")` : ''}${c.official.differs !== undefined ? ` — ${c.official.differs}` : ''}`;
      results.push({
        id: c.id,
        title: c.title,
        goodClient: c.goodClient,
        official,
        ...seen,
        ...(problems.length > 0 ? { screenshot: await page.screenshot() } : {}),
        problems,
      });
    }
  } finally {
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
    await page.unroute(pattern, handler);
    await server.close();
  }
  return results;
}
