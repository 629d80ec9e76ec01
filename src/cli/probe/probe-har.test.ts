// probe --har writes each answer timed from its response headers, so the HAR's wait is the
// time to headers the probe measured, and lint, print and the panel read it back.
import { describe, expect, it } from 'vitest';
import { inspectBytes } from '../core-deps.js';
import { probeHar } from './probe-har.js';
import type { ExchangeRecord } from './probe-session.js';

const body = new TextEncoder().encode(
  'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\ndata: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n',
);

function record(headAt: number | undefined): ExchangeRecord {
  return {
    streamId: 'p1',
    step: 'text-turn',
    url: 'http://127.0.0.1:9/agent',
    requestHeaders: { accept: 'text/event-stream' },
    requestBody: '{"threadId":"t","runId":"r","messages":[]}',
    ids: { threadId: 't', runId: 'r' },
    exchange: {
      startedAt: 1_800_000_000_000,
      head: { status: 200, headers: {}, contentType: 'text/event-stream' },
      ...(headAt !== undefined ? { headAt } : {}),
      pieces: [
        { t: 1_800_000_000_200, data: body.subarray(0, 40) },
        { t: 1_800_000_000_300, data: body.subarray(40) },
      ],
      end: 'complete',
      endedAt: 1_800_000_000_310,
    },
    inspected: true,
    maxBytes: 64 * 1024 * 1024,
  };
}

describe('probeHar', () => {
  it("writes the probe's time to headers as the entry's wait, and the body after it", () => {
    const har = probeHar([record(1_800_000_000_150)], '1');
    const entry = (JSON.parse(har) as { log: { entries: Record<string, unknown>[] } }).log.entries[0];
    expect(entry?.['startedDateTime']).toBe(new Date(1_800_000_000_000).toISOString());
    expect(entry?.['timings']).toEqual({ send: 0, wait: 150, receive: 150 });
    expect(entry?.['time']).toBe(300);
    const loaded = inspectBytes('probe.har', new TextEncoder().encode(har));
    if (!loaded.ok) throw new Error(loaded.error);
    const info = loaded.model.streams[0]?.info;
    expect([info?.requestedAt, info?.startedAt]).toEqual([1_800_000_000_000, 1_800_000_000_150]);
  });
});
