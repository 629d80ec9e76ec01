// Chunks cross the runtime ports as text when their bytes are UTF-8 (no base64 work on
// the page's thread) and as base64 otherwise; either way the panel gets the exact bytes.
// The relay also acknowledges what it took, so the tap can bound what waits for it.
import { describe, expect, it } from 'vitest';
import { chunkBytes } from './chunk-bytes.js';
import { isRelayMessage } from './guards.js';
import type { RelayMessage, TapWireMessage } from './messages.js';
import { open, tick, world } from './relay-world.test-helper.js';

const NOW = 1_764_700_000_000;
const raw = (seq: number, bytes: number[]): TapWireMessage => ({
  kind: 'stream-chunk',
  streamId: 's',
  seq,
  t: NOW,
  bytes: new Uint8Array(bytes),
});
const enc = (s: string): number[] => [...new TextEncoder().encode(s)];

describe('relay: chunk encoding', () => {
  it('sends UTF-8 chunks as text and the rest as base64, and both decode to the exact bytes', async () => {
    const w = world({ now: () => NOW });
    const { port } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    const pieces = [
      enc('data: {"delta":"héllo ✓"}\n\n'),
      [0xef, 0xbb, 0xbf, ...enc('data: {}\n\n')], // a BOM is data here
      [...enc('data: '), 0xff, 0xfe, ...enc('\n\n')], // not UTF-8
      enc('data: {"d":"é"}').slice(0, 13), // a character cut at the chunk's edge
    ];
    port.send(open('s'));
    pieces.forEach((bytes, i) => port.send(raw(i + 1, bytes)));
    await tick();
    const got = p.got.filter((m): m is Extract<RelayMessage, { kind: 'stream-chunk' }> => m.kind === 'stream-chunk');
    expect(got.map((m) => ('text' in m ? 'text' : 'base64'))).toEqual(['text', 'text', 'base64', 'base64']);
    expect(got.map((m) => [...(chunkBytes(m) ?? [])])).toEqual(pieces);
    expect(got.every((m) => isRelayMessage(JSON.parse(JSON.stringify(m))))).toBe(true);
  });

  it('acknowledges to the tap, every megabyte, the bytes it has taken off the port', () => {
    const w = world({ now: () => NOW });
    const { port } = w.startTabRelay(1);
    const acks: unknown[] = [];
    (port as { postMessage?: (m: unknown) => void }).postMessage = (m) => acks.push(m);
    port.send(open('s'));
    for (let i = 1; i <= 5; i++) port.send(raw(i, new Array<number>(512 * 1024).fill(0x61)));
    expect(acks).toEqual([
      { kind: 'relay-ack', received: 1024 * 1024 },
      { kind: 'relay-ack', received: 2 * 1024 * 1024 },
    ]);
  });

  it('refuses a relayed chunk that carries both forms or an oversized text', () => {
    const head = { kind: 'stream-chunk', streamId: 's', seq: 1, t: NOW };
    expect(isRelayMessage({ ...head, text: 'data: {}\n\n' })).toBe(true);
    expect(isRelayMessage({ ...head, text: 'x', base64: 'eA==' })).toBe(false);
    expect(isRelayMessage({ ...head, text: 'x'.repeat(600 * 1024) })).toBe(false);
  });
});
