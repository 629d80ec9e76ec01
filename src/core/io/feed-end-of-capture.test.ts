// A loaded capture is judged at its own end: the timing rules that need "now" see the
// time of the capture's last piece, as the panel saw it when the capture stopped.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { feedCaptures } from './feed.js';
import type { Capture } from './types.js';

const T0 = 1_700_000_000_000;
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const sse = (e: object): Uint8Array => bytes(`data: ${JSON.stringify(e)}\n\n`);

function openAfterFinish(keepAliveUntilMs: number, ended: boolean): Capture {
  const keepAlives: Capture['pieces'][number][] = [];
  for (let t = 5_000; t <= keepAliveUntilMs; t += 5_000)
    keepAlives.push({ kind: 'bytes', t: T0 + t, data: bytes(': keep-alive\n\n') });
  return {
    open: {
      streamId: 's1',
      transport: 'fetch',
      encoding: 'sse',
      url: 'https://a.test/run',
      method: 'POST',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      startedAt: T0,
    },
    pieces: [
      { kind: 'bytes', t: T0 + 100, data: sse({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }) },
      { kind: 'bytes', t: T0 + 1_000, data: sse({ type: 'RUN_FINISHED', threadId: 't', runId: 'r' }) },
      ...keepAlives,
    ],
    ...(ended ? { end: { t: T0 + keepAliveUntilMs + 10, reason: 'complete' as const } } : {}),
  };
}

const rulesOf = (c: Capture): string[] => {
  const inspector = createInspector();
  feedCaptures(inspector, [c]);
  return inspector.model.findings.map((f) => f.rule);
};

describe('a capture judged at its own end', () => {
  it('a body still open 20 s after RUN_FINISHED, keep-alives only, is open-after-terminal', () => {
    expect(rulesOf(openAfterFinish(20_000, false))).toContain('timing/open-after-terminal');
  });

  it('a body open 4 s after RUN_FINISHED when the capture stopped is within the grace', () => {
    expect(rulesOf(openAfterFinish(5_000, false))).not.toContain('timing/open-after-terminal');
  });

  it('a body that ended is judged once, at its end', () => {
    expect(rulesOf(openAfterFinish(20_000, true)).filter((r) => r === 'timing/open-after-terminal')).toHaveLength(1);
  });
});
