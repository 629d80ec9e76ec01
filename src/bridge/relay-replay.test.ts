import { describe, expect, it } from 'vitest';
import { isPanelMessage, isRelayMessage, isTapWireMessage } from './guards.js';
import { forwardReplay } from './relay-replay.js';
import type { ReplayPanelMessage } from './replay-messages.js';
import { answeringTapPort, tick, world } from './relay-world.test-helper.js';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await tick();
};

const arm: ReplayPanelMessage = {
  kind: 'replay-arm',
  armId: 'a1',
  ttlMs: 300_000,
  pattern: '',
  rewriteIds: true,
  step: false,
  runs: [
    {
      source: 's',
      status: 200,
      contentType: 'text/event-stream',
      base64: 'ZGF0YTogMQoK',
      ends: [9],
      at: [0],
      patches: [],
    },
  ],
};

describe('replay controls on the bridge', () => {
  it('accepts well-formed controls and rejects malformed ones', () => {
    expect(isPanelMessage(arm)).toBe(true);
    expect(isPanelMessage({ kind: 'replay-release', armId: 'a1', upTo: 3 })).toBe(true);
    expect(isPanelMessage({ ...arm, armId: 'bad id!' })).toBe(false);
    expect(isPanelMessage({ ...arm, runs: [] })).toBe(false);
    expect(isPanelMessage({ ...arm, runs: [{ ...arm.runs[0], base64: '%%' }] })).toBe(false);
    expect(isPanelMessage({ ...arm, runs: [{ ...arm.runs[0], ends: [1, 2] }] })).toBe(false);
    expect(isPanelMessage({ ...arm, ttlMs: 1e12 })).toBe(false);
    expect(isPanelMessage({ kind: 'replay-release', armId: 'a1', upTo: -1 })).toBe(false);
    expect(isPanelMessage({ kind: 'replay-also', armId: 'a1', path: '/agent' })).toBe(true);
    expect(isPanelMessage({ kind: 'replay-also', armId: 'a1', path: 'agent' })).toBe(false);
    expect(isPanelMessage({ kind: 'replay-also', armId: 'a1', path: 7 })).toBe(false);
    expect(isPanelMessage({ kind: 'replay-also', armId: 'a1', path: `/${'x'.repeat(100_000)}` })).toBe(false);
  });

  it("accepts the tap's acknowledgement of an arm both on the tap's port and towards the panel", () => {
    const ack = { kind: 'replay-armed', armId: 'a1', t: 5 };
    expect(isTapWireMessage(ack)).toBe(true);
    expect(isRelayMessage(ack)).toBe(true);
    expect(isTapWireMessage({ ...ack, armId: 'bad id!' })).toBe(false);
    expect(isRelayMessage({ ...ack, armId: undefined })).toBe(false);
    expect(isRelayMessage({ ...ack, t: Number.NaN })).toBe(false);
    // Its confirmation of "Answer … too": the paths, bounded as the tap keeps them.
    expect(isTapWireMessage({ ...ack, also: ['/agent'] })).toBe(true);
    expect(isRelayMessage({ ...ack, also: ['/agent'] })).toBe(true);
    expect(isRelayMessage({ ...ack, also: '/agent' })).toBe(false);
    expect(isRelayMessage({ ...ack, also: [7] })).toBe(false);
    expect(isRelayMessage({ ...ack, also: Array.from({ length: 17 }, (_, i) => `/p${i}`) })).toBe(false);
  });

  it('forwards to the tap of the top frame only, bytes decoded and transferred', () => {
    const sent: { msg: unknown; transfer: Transferable[] }[] = [];
    const port = { postMessage: (msg: unknown, transfer: Transferable[]) => void sent.push({ msg, transfer }) };
    expect(forwardReplay(arm, false, port)).toBe(true);
    expect(sent).toEqual([]);
    expect(forwardReplay({ kind: 'hello', panelId: 'p' }, true, port)).toBe(false);
    expect(forwardReplay(arm, true, port)).toBe(true);
    const msg = sent[0]?.msg as { runs: { bytes: Uint8Array; ends: Float64Array }[] };
    expect(new TextDecoder().decode(msg.runs[0]?.bytes)).toBe('data: 1\n\n');
    expect(Array.from(msg.runs[0]?.ends ?? [])).toEqual([9]);
    expect(sent[0]?.transfer.length).toBe(4);
  });
});

describe('the last panel leaving', () => {
  it('tells the top frame’s tap, so a replay nobody can see or step ends as a dropped connection', async () => {
    const w = world();
    const { port } = w.startTabRelay(1, answeringTapPort());
    const gone = () => port.back.filter((m) => (m as { kind?: string }).kind === 'replay-panel-gone').length;
    const p = w.panel(1);
    await settle();
    expect(gone()).toBe(0);
    p.t.close();
    await settle();
    expect(gone()).toBe(1);
  });

  it('a subframe’s relay tells its tap nothing (only the top frame answers replays)', async () => {
    const w = world({ top: false });
    const { port } = w.startTabRelay(1, answeringTapPort());
    const p = w.panel(1);
    await settle();
    p.t.close();
    await settle();
    expect(port.back.some((m) => (m as { kind?: string }).kind === 'replay-panel-gone')).toBe(false);
  });
});
