// The event table keeps its per-event numbers in blocks: an event on either side of a
// block edge, and the last one, read back with its own bytes, time, type and payload.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import { BLOCK } from './event-table.js';

const T0 = 5_000;

describe('event table blocks', () => {
  it('reads every event across block edges as it arrived', () => {
    const insp = createInspector();
    insp.openStream(sseStream('s', { threadId: 't', runId: 'r', messages: [], tools: [] }));
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      ...Array.from({ length: 2 * BLOCK + 3 }, (_, i) => ({
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'm',
        delta: `d${i}`,
      })),
    ];
    // One event per piece, each at its own time; where each starts, counted independently.
    const starts: number[] = [];
    let offset = 0;
    events.forEach((e, i) => {
      const bytes = sseBytes([e]);
      starts.push(offset);
      offset += bytes.length;
      insp.appendBytes('s', bytes, T0 + i);
    });
    const stream = insp.model.streams[0]!;
    expect(stream.rawEvents.length).toBe(events.length);
    expect(stream.expanded.length).toBe(events.length);
    for (const i of [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK - 1, 2 * BLOCK, events.length - 1]) {
      const raw = stream.rawEvents.at(i)!;
      expect(raw.index).toBe(i);
      expect(raw.t).toBe(T0 + i);
      expect(raw.type).toBe(events[i]!.type);
      expect(raw.payload).toEqual(events[i]);
      expect(raw.span.start).toBe(starts[i]);
      expect(raw.span.end).toBe(i + 1 < starts.length ? starts[i + 1] : offset);
      expect(stream.expanded.at(i)?.raw.index).toBe(i);
    }
    expect(stream.rawEvents.at(-1)?.payload).toEqual(events.at(-1));
    expect(stream.rawEvents.at(events.length)).toBeUndefined();
  });
});
