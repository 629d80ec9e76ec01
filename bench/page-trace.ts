// The page renderer's main-thread CPU time from a Chrome trace: the thread time (`tdur`)
// of every top-level task on the page's CrRendererMain while `fn` runs. Unlike wall time
// (or the DevTools TaskDuration metric, also wall time), this does not grow when other
// processes take the CPU away, so it is the figure to compare on a shared machine.
import type { CDPSession, Page } from '@playwright/test';

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: {
    readonly name?: string;
    readonly data?: { readonly frames?: { processId?: number; url?: string }[] };
  };
}

const CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', '__metadata'];

async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  let out = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    out += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return out;
}

export interface MainThreadCpu<T> {
  /** CPU time (ms) of the page's main thread, from the trace's thread time. */
  readonly cpuMs: number;
  /** Wall time (ms) of the same tasks. */
  readonly taskMs: number;
  /** CPU time (ms) of every traced thread of the page's renderer process (main, IO, Blob, compositor…). */
  readonly rendererCpuMs: number;
  /** CPU time (ms) of every traced thread of every process of the browser (network service, browser, extension…). */
  readonly browserCpuMs: number;
  readonly result: T;
}

/** The trace's events while `fn` runs, and the page's renderer process id in it. */
async function traced<T>(
  page: Page,
  fn: () => Promise<T>,
): Promise<{ events: TraceEvent[]; pid: number | undefined; result: T }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: CATEGORIES, excludedCategories: ['*'] },
  });
  const result = await fn();
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream ?? '')));
  await cdp.send('Tracing.end');
  const text = await readStream(cdp, await done);
  await cdp.detach();
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const url = page.url();
  let pid: number | undefined;
  for (const e of events)
    if (e.name === 'TracingStartedInBrowser') pid = e.args?.data?.frames?.find((f) => f.url === url)?.processId ?? pid;
  return { events, pid, result };
}

/** The process id of the page's renderer (for /proc figures, ./proc-cpu.ts). */
export async function rendererPid(page: Page): Promise<number> {
  const { pid } = await traced(page, () => page.evaluate(() => 0));
  if (pid === undefined) throw new Error(`no renderer found for ${page.url()}`);
  return pid;
}

export async function mainThreadCpu<T>(page: Page, fn: () => Promise<T>): Promise<MainThreadCpu<T>> {
  const url = page.url();
  const { events, pid, result } = await traced(page, fn);
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  );
  if (pid === undefined || !main) throw new Error(`no renderer main thread found for ${url}`);
  let cpuMs = 0;
  let taskMs = 0;
  let rendererCpuMs = 0;
  let browserCpuMs = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask') continue;
    const cpu = (e.tdur ?? 0) / 1000;
    browserCpuMs += cpu;
    if (e.pid !== pid) continue;
    rendererCpuMs += cpu;
    if (e.tid !== main.tid) continue;
    cpuMs += cpu;
    taskMs += (e.dur ?? 0) / 1000;
  }
  return { cpuMs, taskMs, rendererCpuMs, browserCpuMs, result };
}
