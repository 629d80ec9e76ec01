// Does one more delta cost the same at any session size? Feeds 1 MB of tool-call
// arguments in 10k deltas, then 2 MB in 20k, through the whole core (createInspector with
// the real SSE decoder, chunk expander, reducer and rules) and reports the time ratio.
// Linear work gives ~2; the goal is <= 2.3. Times are process CPU time (GC included),
// median of several rounds. Run: npx tsx --expose-gc bench/linearity.ts
import { EventEncoder } from '@ag-ui/encoder';
import { createInspector } from '../src/core/pipeline/create-inspector.js';
import { getRun } from '../src/core/reduce/lookup.js';
import { cpuMs } from './cpu.js';

export interface LinearityResult {
  readonly small: { readonly deltas: number; readonly argBytes: number; readonly ms: number };
  readonly large: { readonly deltas: number; readonly argBytes: number; readonly ms: number };
  readonly ratio: number;
  readonly goal: number;
  readonly ok: boolean;
}

const DELTA = 100;
const PIECE = 16 * 1024;

function sseFor(deltas: number): Uint8Array {
  const enc = new EventEncoder();
  const ev = (e: Record<string, unknown>): string =>
    enc.encodeSSE(e as unknown as Parameters<EventEncoder['encodeSSE']>[0]);
  const parts = [
    ev({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
    ev({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'write_file' }),
  ];
  parts.push(ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"content":"' }));
  // The inside of a JSON string: escaped quotes, newlines, tabs and non-ASCII, as code has.
  const body = JSON.stringify('const a = "x";\n\tlet b = a + "é"; // '.padEnd(DELTA - 8, '.')).slice(1, -1);
  for (let i = 0; i < deltas; i++) parts.push(ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: body }));
  parts.push(ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '"}' }));
  parts.push(ev({ type: 'TOOL_CALL_END', toolCallId: 'c' }), ev({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }));
  return new TextEncoder().encode(parts.join(''));
}

/** CPU time of this process in ms: on a shared box wall time mostly measures the neighbours. */

function feed(bytes: Uint8Array): { ms: number; argBytes: number } {
  // Collect the previous round's garbage first so it is not billed to this one
  // (available when run with --expose-gc, as the command below does).
  (globalThis as { gc?: () => void }).gc?.();
  const insp = createInspector();
  const start = cpuMs();
  insp.openStream({
    streamId: 's',
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://agent.test',
    method: 'POST',
    requestHeaders: {},
    requestBody: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [] }),
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 0,
  });
  for (let i = 0; i < bytes.length; i += PIECE) insp.appendBytes('s', bytes.subarray(i, i + PIECE), i);
  insp.endStream('s', { reason: 'complete', t: bytes.length });
  const ms = cpuMs() - start;
  const run = getRun(insp.model, 's#0');
  const call = run ? run.toolCalls[0] : undefined;
  if (call?.json.state !== 'valid') throw new Error(`unexpected argument state ${JSON.stringify(call?.json)}`);
  return { ms, argBytes: call.args.length };
}

export async function runLinearityBench(rounds = 5): Promise<LinearityResult> {
  const smallBytes = sseFor(10_000);
  const largeBytes = sseFor(20_000);
  // Warm up (JIT, module init) on the large input, then alternate so load from other
  // processes hits both sizes alike; keep each size's median round (a best-of let one
  // lucky small round make the ratio look superlinear on a shared machine).
  feed(largeBytes);
  const smalls: ReturnType<typeof feed>[] = [];
  const larges: ReturnType<typeof feed>[] = [];
  for (let i = 0; i < rounds; i++) {
    smalls.push(feed(smallBytes));
    larges.push(feed(largeBytes));
  }
  const median = (xs: ReturnType<typeof feed>[]) => [...xs].sort((a, b) => a.ms - b.ms)[Math.floor(xs.length / 2)]!;
  const small = median(smalls);
  const large = median(larges);
  const ratio = large.ms / small.ms;
  const goal = 2.3;
  return {
    small: { deltas: 10_000, argBytes: small.argBytes, ms: small.ms },
    large: { deltas: 20_000, argBytes: large.argBytes, ms: large.ms },
    ratio,
    goal,
    ok: ratio <= goal,
  };
}

// Run on its own (by its file name: bench/run.ts bundles this module, and then import.meta.url
// is the bundle's, the very file node runs).
if (/[\\/]linearity\.ts$/.test(process.argv[1] ?? '')) {
  const r = await runLinearityBench();
  console.log(`10k deltas, ${(r.small.argBytes / 1e6).toFixed(2)} MB args: ${r.small.ms.toFixed(1)} ms`);
  console.log(`20k deltas, ${(r.large.argBytes / 1e6).toFixed(2)} MB args: ${r.large.ms.toFixed(1)} ms`);
  console.log(`ratio ${r.ratio.toFixed(2)} (goal <= ${r.goal}): ${r.ok ? 'ok' : 'TOO SLOW'}`);
  if (!r.ok) process.exitCode = 1;
}
