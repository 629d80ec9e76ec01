// Eviction under the session cap: whole ended streams, oldest first, with their runs,
// threads and findings; a stream still receiving stays, and the session goes on.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import { printModel } from '../print/print-model.js';

const run = (runId: string, call: string) => [
  { type: 'RUN_STARTED', threadId: 't1', runId },
  { type: 'TOOL_CALL_START', toolCallId: call, toolCallName: 'search' },
  { type: 'TOOL_CALL_ARGS', toolCallId: call, delta: '{"q":' }, // not JSON: a notice per stream
  { type: 'TOOL_CALL_END', toolCallId: call },
  { type: 'RUN_FINISHED', threadId: 't1', runId },
];

function session(ended: number, open: boolean) {
  const insp = createInspector();
  for (let i = 0; i < ended; i++) {
    insp.openStream(sseStream(`s${i}`, { threadId: 't1', runId: `r${i}`, messages: [], tools: [] }, 1_000 + i * 100));
    insp.appendBytes(`s${i}`, sseBytes(run(`r${i}`, `c${i}`)), 1_010 + i * 100);
    insp.endStream(`s${i}`, { reason: 'complete', t: 1_020 + i * 100 });
  }
  if (open) {
    insp.openStream(sseStream('live', { threadId: 't1', runId: 'rl', messages: [], tools: [] }, 9_000));
    insp.appendBytes('live', sseBytes(run('rl', 'cl').slice(0, 2)), 9_010);
  }
  return insp;
}

describe('evictOldestRuns', () => {
  it('drops the oldest ended streams whole until enough is freed, and the rest reads as before', () => {
    const insp = session(4, true);
    const findingsBefore = insp.model.findings.length;
    const one = insp.model.streams[0];
    const size = one ? one.bytes + 512 + one.info.url.length + (one.info.requestBody?.length ?? 0) : 0;
    const freed = insp.evictOldestRuns(size * 1.5); // more than one stream, less than two: takes two
    expect(freed.runs).toBe(2);
    expect(freed.bytes).toBeGreaterThanOrEqual(size * 1.5);
    expect(insp.model.streams.map((s) => s.info.streamId)).toEqual(['s2', 's3', 'live']);
    expect(insp.model.runs.map((r) => r.key)).toEqual(['s2#0', 's3#0', 'live#0']);
    expect(insp.model.threads).toEqual([{ threadId: 't1', runKeys: ['s2#0', 's3#0', 'live#0'] }]);
    expect(insp.model.findings.every((f) => f.streamId !== 's0' && f.streamId !== 's1')).toBe(true);
    expect(insp.model.findings.length).toBeLessThan(findingsBefore);
    const c = insp.model.counts;
    expect(c.error + c.warning + c.notice).toBe(insp.model.findings.length);
    // The session goes on: the live stream finishes normally.
    insp.appendBytes('live', sseBytes(run('rl', 'cl').slice(2)), 9_020);
    insp.endStream('live', { reason: 'complete', t: 9_030 });
    expect(insp.model.runs.at(-1)?.status).toBe('finished');
    expect(printModel(insp.model)).toContain('stream live');
  });

  it('never touches a stream still receiving', () => {
    const insp = session(0, true);
    expect(insp.evictOldestRuns(1e9)).toEqual({ runs: 0, bytes: 0 });
    expect(insp.model.streams).toHaveLength(1);
  });

  it("counts what each stream frees by the caller's measure (the panel's retained estimate)", () => {
    const insp = session(4, true);
    const measured: string[] = [];
    const freed = insp.evictOldestRuns(2_500, (s) => (measured.push(s.info.streamId), 1_000));
    expect(freed).toEqual({ runs: 3, bytes: 3_000 });
    expect(measured).toEqual(['s0', 's1', 's2']); // never the live stream
    expect(insp.model.streams.map((s) => s.info.streamId)).toEqual(['s3', 'live']);
  });
});
