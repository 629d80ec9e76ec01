// Test helper: the real pipeline (createInspector with the real decoders, chunk expander
// and this engine), fed SSE bytes made by the real @ag-ui/encoder.
import { EventEncoder } from '@ag-ui/encoder';
import { concatBytes } from '../bytes.js';
import type { StreamEndInfo } from '../capture.js';
import { createChunkExpander } from '../expand/chunks.js';
import type { Finding } from '../findings.js';
import type { SessionModel } from '../model/types.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes } from '../pipeline/sse.test-helper.js';
import { createRuleEngine } from './engine.js';
import type { Ev } from './rule-cases.test-helper.js';

/** The core tests' one SSE encoder (kept importable from here for the rule tests). */
export { sseBytes };

/** Length-prefixed protobuf frames from the real encoder. */
export function protoBytes(events: readonly Ev[]): Uint8Array {
  const encoder = new EventEncoder({ accept: 'application/vnd.ag-ui.event+proto' });
  return concatBytes(events.map((e) => encoder.encodeBinary(e as never)));
}

export interface PipelineRun {
  readonly findings: Finding[];
  readonly model: SessionModel;
}

export interface Exchange {
  readonly events: readonly Ev[];
  readonly requestBody?: unknown;
  readonly lineEnding?: 'lf' | 'crlf';
  readonly end?: StreamEndInfo;
  readonly streamId?: string;
  readonly via?: 'encoder' | 'json';
  /** Raw body bytes instead of SSE-encoded events (e.g. protobuf frames). */
  readonly bytes?: Uint8Array;
  readonly encoding?: 'sse' | 'proto';
}

/** Several exchanges through one inspector (so `next` rules can see the thread). */
export function inspectAll(exchanges: readonly Exchange[]): PipelineRun {
  const inspector = createInspector({ deps: { createRuleEngine, createChunkExpander } });
  exchanges.forEach((x, i) => {
    const streamId = x.streamId ?? `s${i + 1}`;
    const t = 1000 * (i + 1);
    inspector.openStream({
      streamId,
      transport: 'fetch',
      encoding: x.encoding ?? 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      ...(x.requestBody !== undefined ? { requestBody: JSON.stringify(x.requestBody) } : {}),
      status: 200,
      contentType: x.encoding === 'proto' ? 'application/vnd.ag-ui.event+proto' : 'text/event-stream',
      startedAt: t,
    });
    const bytes = x.bytes ?? sseBytes(x.events, x.lineEnding, x.via);
    // two pieces, split mid-event, as a network would deliver them
    const cut = Math.floor(bytes.length / 2);
    inspector.appendBytes(streamId, bytes.slice(0, cut), t + 1);
    inspector.appendBytes(streamId, bytes.slice(cut), t + 2);
    inspector.endStream(streamId, x.end ?? { reason: 'complete', t: t + 3 });
  });
  return { findings: [...inspector.model.findings], model: inspector.model };
}

export function inspect(events: readonly Ev[], options: Omit<Exchange, 'events'> = {}): PipelineRun {
  return inspectAll([{ events, ...options }]);
}
