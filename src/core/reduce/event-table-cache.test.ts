// The event table's payload cache is bounded by the wire size of what it decoded, so a view
// reading a few 1 MB events does not pin hundreds of megabytes of decoded copies.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import { PAYLOAD_CACHE_BYTES } from './event-table.js';

function stream(deltaChars: number, count: number) {
  const insp = createInspector();
  insp.openStream(sseStream('s', { threadId: 't', runId: 'r', messages: [], tools: [] }));
  const delta = 'y'.repeat(deltaChars);
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
    ...Array.from({ length: count }, () => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta })),
  ];
  insp.appendBytes('s', sseBytes(events), 1_010);
  return insp.model.streams[0]!.rawEvents;
}

describe('event table payload cache', () => {
  it('keeps small payloads read again (same object) ', () => {
    const raw = stream(100, 20);
    const first = raw.at(5)?.payload;
    for (let i = 2; i < 22; i++) raw.at(i);
    expect(raw.at(5)?.payload).toBe(first);
  });

  it('drops the oldest payloads once the wire they came from passes the byte bound', () => {
    const big = Math.ceil(PAYLOAD_CACHE_BYTES / 4);
    const raw = stream(big, 8);
    const first = raw.at(2)?.payload;
    expect(raw.at(2)?.payload).toBe(first); // the latest read stays cached
    for (let i = 3; i < 10; i++) raw.at(i); // 7 × a quarter of the bound: the first is gone
    const again = raw.at(2)?.payload;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
