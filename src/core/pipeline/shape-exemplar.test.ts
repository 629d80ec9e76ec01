import { describe, expect, it } from 'vitest';
import { createInspector } from './create-inspector.js';
import { sseBytes, sseStream } from './sse.test-helper.js';

describe('the shape exemplar', () => {
  it('leaves nothing of its own session in any inspector', () => {
    const inspector = createInspector();
    expect(inspector.model.streams).toHaveLength(0);
    expect(inspector.model.runs).toHaveLength(0);
    expect(inspector.model.threads).toHaveLength(0);
    expect(inspector.model.findings).toHaveLength(0);
  });

  it('does not share state between inspectors: the same stream id is judged alike in each', () => {
    const bytes = sseBytes([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'missing', delta: '{}' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ]);
    const verdicts = [0, 1].map(() => {
      const inspector = createInspector();
      inspector.openStream(sseStream('s', { threadId: 't', runId: 'r', messages: [], tools: [] }));
      inspector.appendBytes('s', bytes, 1);
      inspector.endStream('s', { reason: 'complete', t: 2 });
      return inspector.model.findings.map((f) => `${f.rule}@${f.events.join(',')}`);
    });
    expect(verdicts[0]!.length).toBeGreaterThan(0);
    expect(verdicts[1]).toEqual(verdicts[0]);
  });
});
