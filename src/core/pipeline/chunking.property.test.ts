// Any chunking of a stream's bytes — one byte at a time, random splits, the whole body at
// once — builds the same model and the same findings: framing state lives in the decoders,
// and nothing in the store depends on where the network cut the body.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printModel } from '../print/print-model.js';
import { createInspector } from './create-inspector.js';

const DEMO = join(import.meta.dirname, '../../../test/fixtures/demo');
const small = readdirSync(DEMO).filter((f) => f.endsWith('.sse') && f !== 'long-session.sse');
const T = 1_000; // one time for every piece: arrival times are not what is under test

const OPEN = {
  transport: 'fetch',
  encoding: 'sse',
  method: 'POST',
  requestHeaders: {},
  status: 200,
  contentType: 'text/event-stream',
  startedAt: T,
} as const;

function feed(name: string, bytes: Uint8Array, cuts: readonly number[]): string {
  const inspector = createInspector();
  inspector.openStream({ ...OPEN, streamId: name, url: `http://agent.test/${name}` });
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > from) inspector.appendBytes(name, bytes.slice(from, cut), T);
    from = Math.max(from, cut);
  }
  inspector.endStream(name, { reason: 'complete', t: T });
  // The captured pieces are kept as they arrived, so only their count may differ.
  return `${printModel(inspector.model).replace(/ chunks=\d+ /, ' ')}\n${JSON.stringify(inspector.model.findings)}`;
}

describe('chunking never changes the model or the findings', () => {
  it.each(small)('%s: one byte at a time equals the whole body', (name) => {
    const bytes = new Uint8Array(readFileSync(join(DEMO, name)));
    expect(
      feed(
        name,
        bytes,
        Array.from({ length: bytes.length }, (_, i) => i),
      ),
    ).toBe(feed(name, bytes, []));
  });

  it('a piece bigger than a decode slice (64 kB) stays one captured chunk and reads as if it came in 4 kB pieces', () => {
    const name = 'long-session.sse';
    const bytes = new Uint8Array(readFileSync(join(DEMO, name)));
    expect(bytes.length).toBeGreaterThan(4 * 64 * 1024);
    const inspector = createInspector();
    inspector.openStream({ ...OPEN, streamId: name, url: `http://agent.test/${name}` });
    inspector.appendBytes(name, bytes, T);
    expect(printModel(inspector.model)).toMatch(/ chunks=1 /);
    const fourKb = Array.from({ length: Math.floor(bytes.length / 4096) }, (_, i) => (i + 1) * 4096);
    expect(feed(name, bytes, [])).toBe(feed(name, bytes, fourKb));
  });

  it('random splits of every demo stream (the long session included)', () => {
    const files = [...small, 'long-session.sse'].map(
      (name) => [name, new Uint8Array(readFileSync(join(DEMO, name)))] as const,
    );
    const whole = new Map(files.map(([name, bytes]) => [name, feed(name, bytes, [])]));
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }),
        ([name, bytes], points) => {
          const cuts = [...new Set(points.map((p) => Math.floor(p * bytes.length)))].sort((a, b) => a - b);
          expect(feed(name, bytes, cuts)).toBe(whole.get(name));
        },
      ),
      { numRuns: 40 },
    );
  });
});
