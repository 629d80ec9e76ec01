// Runs in the page (an init script, before the tap): takes the tap's private port from
// its one handshake and forwards every message to the test through an exposed binding,
// chunk bytes as base64 (bindings carry JSON). Self-contained: Playwright sends this
// function's source to the page.

export function installPageSink(binding: string): void {
  const win = window as unknown as Window & Record<string, (msg: unknown) => Promise<unknown>>;
  const send = (msg: unknown) => {
    const deliver = win[binding];
    if (typeof deliver === 'function') void deliver(msg).catch(() => undefined);
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
          send({ ...rest, base64: base64(bytes) });
        } else if (msg.kind === 'chunk-bytes' && msg.bytes instanceof Uint8Array && Array.isArray(msg.parts)) {
          // The tap's gathered chunks: back into one message each, in order.
          const bytes = msg.bytes;
          took(bytes.byteLength);
          let at = 0;
          for (const p of msg.parts as { streamId: string; seq: number; t: number; size: number }[]) {
            const part = bytes.subarray(at, at + p.size);
            at += p.size;
            send({ kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, base64: base64(part) });
          }
        } else {
          if (msg.kind === 'stream-message') took(String((msg as { data?: unknown }).data ?? '').length);
          send(msg);
        }
      };
      // The test watches live: the tap must not hold its chunks as for a tab nobody inspects.
      port.postMessage({ kind: 'relay-watch', live: true, holdBytes: 8 * 1024 * 1024 });
    },
    true,
  );
}
