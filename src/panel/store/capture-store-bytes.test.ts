// Chunks read back from ChunkBlobs reach the capture store as `bytes`: the same model as
// the text/base64 forms give for the same stream.
import { describe, expect, it } from 'vitest';
import { createMemoryTransport } from '../../bridge/memory-transport.js';
import { chunkBytes } from '../../bridge/chunk-bytes.js';
import type { RelayMessage } from '../../bridge/messages.js';
import { createPanelCore } from '../core-deps.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';
import { createPanelStore } from './panel-store.js';
import { createManualScheduler } from './scheduler.js';

function modelOf(msgs: RelayMessage[]) {
  const transport = createMemoryTransport(true);
  const scheduler = createManualScheduler();
  const store = createPanelStore({
    core: createPanelCore(),
    scheduler,
    transport,
    storage: { getItem: () => null, setItem: () => undefined },
    panelId: 'p1',
  });
  for (const m of msgs) transport.deliver(m);
  scheduler.flush();
  return store.capture;
}

describe('capture store: chunks as bytes', () => {
  it('builds the same run from byte chunks as from the encoded ones', () => {
    const encoded = relayEvents({ streamId: 's1' }, sampleRunEvents());
    const asBytes = encoded.map((m): RelayMessage => {
      if (m.kind !== 'stream-chunk' || 'bytes' in m) return m;
      return { kind: 'stream-chunk', streamId: m.streamId, seq: m.seq, t: m.t, bytes: chunkBytes(m) as Uint8Array };
    });
    expect(asBytes.some((m) => m.kind === 'stream-chunk' && 'bytes' in m)).toBe(true);
    const a = modelOf(encoded);
    const b = modelOf(asBytes);
    expect(b.model.value.runs.length).toBe(1);
    expect(b.model.value.streams[0]?.rawEvents.length).toBe(a.model.value.streams[0]?.rawEvents.length);
    expect(b.model.value.runs[0]?.toolCalls.length).toBe(a.model.value.runs[0]?.toolCalls.length);
    expect(b.health.value.badChunks).toBe(0);
  });
});
