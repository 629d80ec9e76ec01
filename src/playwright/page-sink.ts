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
      port.onmessage = (m: MessageEvent) => {
        const msg = m.data as { kind?: unknown; bytes?: unknown } | null;
        if (msg !== null && typeof msg === 'object' && msg.kind === 'stream-chunk' && msg.bytes instanceof Uint8Array) {
          const { bytes, ...rest } = msg as { bytes: Uint8Array };
          send({ ...rest, base64: base64(bytes) });
        } else {
          send(msg);
        }
      };
    },
    true,
  );
}
