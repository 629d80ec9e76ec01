// The Playwright fixture's page sink (page-sink.ts) in Node: the window is a stand-in (the
// sink reads only addEventListener and the binding), the tap's port a real MessageChannel,
// and the sink's "next task" tick a channel the test fires by hand. What the test's process
// must get: every message, in order, one binding call per task; bytes as base64; a batch sent
// at once past ~1 MB and when the document goes away; the tap acknowledged as the relay would.
import { afterEach, describe, expect, it } from 'vitest';
import { installPageSink } from './page-sink.js';

type Listener = (e: unknown) => void;

interface Rig {
  /** The batches the binding received, in order. */
  readonly calls: unknown[][];
  /** What the sink sent back to the tap (relay-watch, relay-ack). */
  readonly toTap: unknown[];
  /** Posts a message as the tap does, on its private port. */
  tap(msg: unknown): void;
  pagehide(): void;
  /** Runs the sink's next task, if it asked for one; true when it had. */
  tick(): boolean;
}

const BINDING = '__aguiTest';
let close: (() => void) | undefined;

afterEach(() => {
  close?.();
  close = undefined;
  delete (globalThis as { window?: unknown }).window;
});

const RealChannel = globalThis.MessageChannel;

/** The sink's tick channel: its posts are held until the test fires them. */
function manualChannel(): { Channel: typeof MessageChannel; fire(): boolean } {
  let pending = 0;
  let handler: ((e: unknown) => void) | null = null;
  const port1 = {
    set onmessage(fn: (e: unknown) => void) {
      handler = fn;
    },
  };
  const port2 = { postMessage: () => void pending++ };
  const Channel = function () {
    return { port1, port2 };
  } as unknown as typeof MessageChannel;
  return {
    Channel,
    fire: () => {
      if (pending === 0) return false;
      pending = 0;
      handler?.({ data: 0 });
      return true;
    },
  };
}

function install(handshakeFrom?: unknown): Rig {
  const listeners = new Map<string, Listener[]>();
  const calls: unknown[][] = [];
  const win: Record<string, unknown> = {
    addEventListener: (type: string, fn: Listener) => void listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    [BINDING]: (batch: unknown[]) => {
      calls.push(batch);
      return Promise.resolve();
    },
  };
  (globalThis as { window?: unknown }).window = win;
  const manual = manualChannel();
  globalThis.MessageChannel = manual.Channel;
  try {
    installPageSink(BINDING);
  } finally {
    globalThis.MessageChannel = RealChannel;
  }
  const channel = new RealChannel();
  const toTap: unknown[] = [];
  channel.port1.onmessage = (e: MessageEvent) => void toTap.push(e.data);
  const fire = (type: string, e: unknown) => listeners.get(type)?.forEach((fn) => fn(e));
  // The tap's handshake: a window message from the page itself, carrying its port.
  fire('message', {
    source: handshakeFrom ?? win,
    data: { source: 'agui-inspector', kind: 'tap-port' },
    ports: [channel.port2],
  });
  close = () => {
    channel.port1.close();
    channel.port2.close();
  };
  return {
    calls,
    toTap,
    tap: (msg) => channel.port1.postMessage(msg),
    pagehide: () => fire('pagehide', {}),
    tick: manual.fire,
  };
}

const settled = () => new Promise((done) => setTimeout(done, 50));
const message = (seq: number, data = `{"type":"TEXT_MESSAGE_CONTENT","delta":"${seq}"}`) => ({
  kind: 'stream-message',
  streamId: 's1',
  seq,
  t: seq,
  event: 'message',
  data,
  lastEventId: '',
});

describe('the page sink', () => {
  it('asks the tap to stream live, and takes only a handshake from the page itself', async () => {
    const rig = install();
    await settled();
    expect(rig.toTap).toEqual([{ kind: 'relay-watch', live: true, holdBytes: 8 * 1024 * 1024 }]);
    close?.();
    // Another window posting the same handshake gets no sink.
    const stranger = install({});
    stranger.tap(message(1));
    await settled();
    expect(stranger.tick()).toBe(false);
    expect(stranger.toTap).toEqual([]);
    expect(stranger.calls).toEqual([]);
  });

  it('delivers every message in order, all that arrived before its next task in one binding call', async () => {
    const rig = install();
    for (let seq = 1; seq <= 200; seq++) rig.tap(message(seq));
    await settled();
    expect(rig.calls).toEqual([]); // held for the next task
    expect(rig.tick()).toBe(true);
    expect(rig.calls).toHaveLength(1);
    expect((rig.calls[0] as { seq: number }[]).map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(rig.tick()).toBe(false); // one tick per batch
    rig.tap(message(201));
    await settled();
    expect(rig.tick()).toBe(true);
    expect(rig.calls.map((b) => b.length)).toEqual([200, 1]);
  });

  it('sends chunk bytes as base64, the gathered chunks of one message as one message each', async () => {
    const rig = install();
    const bytes = new TextEncoder().encode('data: {"type":"RUN_STARTED"}\n\ndata: {}\n\n');
    rig.tap({ kind: 'stream-chunk', streamId: 's1', seq: 1, t: 1, bytes: bytes.subarray(0, 10) });
    rig.tap({
      kind: 'chunk-bytes',
      bytes: bytes.slice(10),
      parts: [
        { streamId: 's1', seq: 2, t: 2, size: 20 },
        { streamId: 's1', seq: 3, t: 3, size: bytes.length - 30 },
      ],
    });
    await settled();
    rig.tick();
    const chunks = rig.calls.flat() as { kind: string; seq: number; base64: string }[];
    expect(chunks.map((c) => [c.kind, c.seq])).toEqual([
      ['stream-chunk', 1],
      ['stream-chunk', 2],
      ['stream-chunk', 3],
    ]);
    expect(chunks.map((c) => Buffer.from(c.base64, 'base64').toString('utf8')).join('')).toBe(
      new TextDecoder().decode(bytes),
    );
  });

  it('sends a batch of about 1 MB at once, and acknowledges the tap past 1 MB', async () => {
    const rig = install();
    rig.tap(message(1));
    rig.tap(message(2, 'x'.repeat(1024 * 1024)));
    rig.tap(message(3));
    await settled();
    // 1 and 2 left together, as 2 filled the batch, without waiting for a task; 3 waits.
    expect(rig.calls.map((b) => (b as { seq: number }[]).map((m) => m.seq))).toEqual([[1, 2]]);
    rig.tick();
    expect(rig.calls.map((b) => (b as { seq: number }[]).map((m) => m.seq))).toEqual([[1, 2], [3]]);
    expect(rig.toTap).toContainEqual({ kind: 'relay-ack', received: expect.any(Number) });
  });

  it('sends what waits when the document goes away, without waiting for a task', async () => {
    const rig = install();
    rig.pagehide();
    expect(rig.calls).toEqual([]); // nothing waiting, nothing sent
    rig.tap(message(1));
    await settled();
    expect(rig.calls).toEqual([]);
    rig.pagehide();
    expect((rig.calls.flat() as { seq: number }[]).map((m) => m.seq)).toEqual([1]);
  });
});
