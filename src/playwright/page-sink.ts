// Runs in the page (an init script, before the tap): takes the tap's private port from
// its one handshake and forwards every message to the test through an exposed binding,
// chunk bytes as base64 (bindings carry JSON). Messages go in batches, in order: each
// binding call is a message through the browser to the test's process and an answer
// evaluated back in the page, and the tap's messages arrive a task each. One call per
// message flooded the test's event loop on a fast stream: a matcher's 300 ms deadline timer
// fired 458 ms late in CI. A batch leaves on the next task (a private MessageChannel,
// queued behind the tap's messages already waiting), when it holds about 1 MB, or when the
// document goes away. Self-contained: Playwright sends this function's source to the page.

export function installPageSink(binding: string): void {
  const win = window as unknown as Window & Record<string, (batch: unknown[]) => Promise<unknown>>;
  /** A batch's size in characters past which it leaves at once. */
  const BATCH_CHARS = 1024 * 1024;
  let batch: unknown[] = [];
  let chars = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    chars = 0;
    const deliver = win[binding];
    if (typeof deliver === 'function') void deliver(out).catch(() => undefined);
  };
  const tick = new MessageChannel();
  tick.port1.onmessage = flush;
  // A document going away runs no more tasks; a binding call is sent at once.
  win.addEventListener('pagehide', flush, true);
  const send = (msg: unknown, size = 0) => {
    batch[batch.length] = msg;
    chars += size;
    if (chars >= BATCH_CHARS) return flush();
    if (scheduled) return;
    scheduled = true;
    tick.port2.postMessage(0);
  };
  const base64 = (bytes: Uint8Array): string => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  win.addEventListener(
    'message',
    (e: MessageEvent) => {
      const d = e.data as { source?: unknown; kind?: unknown } | null;
      const port = e.ports[0];
      if (
        e.source !== win ||
        d === null ||
        typeof d !== 'object' ||
        d.source !== 'agui-inspector' ||
        d.kind !== 'tap-port' ||
        port === undefined
      )
        return;
      // Taken off the port so far, acknowledged as the relay does (the tap bounds what waits unacknowledged).
      let received = 0;
      let acked = 0;
      const took = (n: number): void => {
        received += n;
        if (received - acked < 1024 * 1024) return;
        acked = received;
        port.postMessage({ kind: 'relay-ack', received });
      };
      port.onmessage = (m: MessageEvent) => {
        const msg = m.data as { kind?: unknown; bytes?: unknown; parts?: unknown } | null;
        if (msg === null || typeof msg !== 'object') return;
        if (msg.kind === 'stream-chunk' && msg.bytes instanceof Uint8Array) {
          const { bytes, ...rest } = msg as { bytes: Uint8Array };
          took(bytes.byteLength);
          const text = base64(bytes);
          send({ ...rest, base64: text }, text.length);
        } else if (msg.kind === 'chunk-bytes' && msg.bytes instanceof Uint8Array && Array.isArray(msg.parts)) {
          // The tap's gathered chunks: back into one message each, in order.
          const bytes = msg.bytes;
          took(bytes.byteLength);
          let at = 0;
          for (const p of msg.parts as { streamId: string; seq: number; t: number; size: number }[]) {
            const part = bytes.subarray(at, at + p.size);
            at += p.size;
            const text = base64(part);
            send({ kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, base64: text }, text.length);
          }
        } else {
          const size = msg.kind === 'stream-message' ? String((msg as { data?: unknown }).data ?? '').length : 0;
          took(size);
          send(msg, size);
        }
      };
      // The test watches live: the tap must not hold its chunks as for a tab nobody inspects.
      port.postMessage({ kind: 'relay-watch', live: true, holdBytes: 8 * 1024 * 1024 });
    },
    true,
  );
}
