import { describe, expect, it } from 'vitest';
import { createInspector } from '../../core/pipeline/create-inspector.js';
import { buildConversation } from './conversation.js';

/** `runs` runs on one thread, each streaming one text message. */
function session(runs: number) {
  const insp = createInspector();
  for (let r = 0; r < runs; r++) {
    const id = `s${r}`;
    insp.openStream({
      streamId: id,
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      requestBody: JSON.stringify({ threadId: 't', runId: `r${r}`, messages: [], tools: [] }),
      status: 200,
      contentType: 'text/event-stream',
      startedAt: r * 10,
    });
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: `r${r}` },
      { type: 'TEXT_MESSAGE_START', messageId: `m${r}`, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `m${r}`, delta: `reply ${r}` },
      { type: 'TEXT_MESSAGE_END', messageId: `m${r}` },
      { type: 'RUN_FINISHED', threadId: 't', runId: `r${r}` },
    ];
    insp.appendBytes(
      id,
      new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')),
      r * 10 + 1,
    );
    insp.endStream(id, { reason: 'complete', t: r * 10 + 2 });
  }
  return insp.model;
}

describe('buildConversation', () => {
  it('stops at its limit with the same entries a full build starts with, and still counts every run', () => {
    const model = session(50);
    const full = buildConversation(model);
    const page = buildConversation(model, undefined, 7);
    expect(full[0]?.runs.length).toBe(50);
    expect(page[0]?.runCount).toBe(50);
    // Each run is a header and one text item: 7 entries need 4 runs.
    expect(page[0]?.runs.length).toBe(4);
    expect(page[0]?.runs.map((r) => r.items)).toEqual(full[0]?.runs.slice(0, 4).map((r) => r.items));
  });
});
