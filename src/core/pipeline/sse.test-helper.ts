// Shared inputs for pipeline tests: real SSE bytes from @ag-ui/encoder's EventEncoder.
import { EventEncoder } from '@ag-ui/encoder';
import type { StreamOpenInfo } from '../capture.js';

const encoder = new EventEncoder();
const utf8 = new TextEncoder();

/** SSE text of the given events, exactly as an AG-UI TS server writes it. */
export function sseText(events: readonly Record<string, unknown>[]): string {
  // The encoder takes its own event type; these test events are plain objects of that shape.
  return events.map((e) => encoder.encodeSSE(e as unknown as Parameters<EventEncoder['encodeSSE']>[0])).join('');
}

export function sseBytes(events: readonly Record<string, unknown>[]): Uint8Array {
  return utf8.encode(sseText(events));
}

/** Cuts bytes into `n` roughly equal pieces, as a network would. */
export function pieces(bytes: Uint8Array, n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const size = Math.max(1, Math.ceil(bytes.length / n));
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

export function sseStream(streamId: string, body: unknown, startedAt = 1_000): StreamOpenInfo {
  return {
    streamId,
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://agent.test/awp',
    method: 'POST',
    requestHeaders: { accept: 'text/event-stream' },
    requestBody: JSON.stringify(body),
    status: 200,
    contentType: 'text/event-stream',
    startedAt,
  };
}
