// Shared inputs for core tests: real SSE bytes from @ag-ui/encoder's EventEncoder. The one
// SSE encoder of the unit tests (the panel's browser-safe builders are in src/panel/test-kit.ts).
import { EventEncoder } from '@ag-ui/encoder';
import type { StreamOpenInfo } from '../capture.js';

const encoder = new EventEncoder();
const utf8 = new TextEncoder();

/**
 * SSE text of the given events, exactly as an AG-UI TS server writes it; `via: 'json'`
 * writes each frame as `data: JSON\n\n` verbatim instead (the encoder drops null fields).
 */
export function sseText(
  events: readonly object[],
  lineEnding: 'lf' | 'crlf' = 'lf',
  via: 'encoder' | 'json' = 'encoder',
): string {
  // The encoder takes its own event type; these test events are plain objects of that shape.
  const text = events
    .map((e) =>
      via === 'json'
        ? `data: ${JSON.stringify(e)}\n\n`
        : encoder.encodeSSE(e as unknown as Parameters<EventEncoder['encodeSSE']>[0]),
    )
    .join('');
  return lineEnding === 'crlf' ? text.replace(/\n/g, '\r\n') : text;
}

export function sseBytes(
  events: readonly object[],
  lineEnding: 'lf' | 'crlf' = 'lf',
  via: 'encoder' | 'json' = 'encoder',
): Uint8Array {
  return utf8.encode(sseText(events, lineEnding, via));
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
