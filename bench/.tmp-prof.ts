import { createInspector } from '../src/core/pipeline/create-inspector.js';
import { createSilentRuleEngine, createPassThroughExpander } from '../src/core/pipeline/deps.js';
import { EventEncoder } from '@ag-ui/encoder';
function sseFor(deltas: number): Uint8Array {
  const enc = new EventEncoder();
  const ev = (e: Record<string, unknown>): string => enc.encodeSSE(e as never);
  const parts = [ev({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }), ev({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'write_file' }), ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"content":"' })];
  const body = JSON.stringify('const a = "x";\n\tlet b = a + "é"; // '.padEnd(92, '.')).slice(1, -1);
  for (let i = 0; i < deltas; i++) parts.push(ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: body }));
  parts.push(ev({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '"}' }), ev({ type: 'TOOL_CALL_END', toolCallId: 'c' }), ev({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }));
  return new TextEncoder().encode(parts.join(''));
}
function feed(bytes: Uint8Array, variant: string): number {
  const deps = variant === 'silent' ? { createRuleEngine: createSilentRuleEngine } : variant === 'bare' ? { createRuleEngine: createSilentRuleEngine, createChunkExpander: createPassThroughExpander } : {};
  const insp = createInspector({ deps });
  const start = performance.now();
  insp.openStream({ streamId: 's', transport: 'fetch', encoding: 'sse', url: 'x', method: 'POST', requestHeaders: {}, status: 200, contentType: 'text/event-stream', startedAt: 0 });
  for (let i = 0; i < bytes.length; i += 16384) insp.appendBytes('s', bytes.subarray(i, i + 16384), i);
  insp.endStream('s', { reason: 'complete', t: 1 });
  return performance.now() - start;
}
const a = sseFor(10000), b = sseFor(20000), c = sseFor(40000);
for (const v of ['bare', 'silent', 'full']) {
  feed(a, v);
  const m = (x: Uint8Array) => Math.min(feed(x, v), feed(x, v), feed(x, v));
  const ta = m(a), tb = m(b), tc = m(c);
  console.log(v, ta.toFixed(0), tb.toFixed(0), tc.toFixed(0), (tb / ta).toFixed(2), (tc / tb).toFixed(2));
}
