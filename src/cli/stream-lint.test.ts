// lint with openFile (the real CLI streams its inputs) prints exactly what lint with
// readFile alone prints, in every format that carries line numbers, for every fixture.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../test/fixtures/read-fixture.js';
import { chunksOf } from '../core/io/stream/chunks.js';
import { lineLocator } from './lines.js';
import { runCli } from './memory-io.test-helper.js';
import { linesAt } from './stream-lines.js';
import { inspectBytes } from '../core/io/inspect-bytes.js';

const files = [
  ...readdirSync(FIXTURES).filter((f) => /\.(sse|bin|har|json|jsonl)$/.test(f)),
  ...readdirSync(resolve(FIXTURES, 'demo'))
    .filter((f) => /\.(sse|bin|har)$/.test(f))
    .map((f) => `demo/${f}`),
];

async function lint(argv: string[], streamed: boolean, piece = 3) {
  const { code, stdout, stderr, opened } = await runCli(['lint', ...argv], {
    dir: FIXTURES,
    ...(streamed ? { pieces: piece } : {}),
  });
  return { code, stdout, stderr, opened };
}

describe('lint, streamed and whole', () => {
  for (const format of ['json', 'github', 'text']) {
    it(`--format ${format}: same output for every fixture`, async () => {
      const args = ['--format', format, ...files];
      const whole = await lint(args, false);
      const streamed = await lint(args, true);
      expect(streamed.opened).toBe(files.length);
      expect({ ...streamed, opened: 0 }).toEqual({ ...whole, opened: 0 });
      expect(whole.stdout.length).toBeGreaterThan(0);
    });
  }
});

describe('linesAt', () => {
  it('numbers lines as lines.ts does for CR, LF and CRLF, split anywhere', async () => {
    const text = 'a\r\nb\rc\n\nd\r\r\ne\r';
    const bytes = new TextEncoder().encode(text);
    const offsets = [...Array(bytes.length + 1).keys()];
    // lines.ts's locator, asked about every offset through a one-event stand-in.
    const expected = offsets.map((o) => {
      const model = inspectBytes('x.sse', new TextEncoder().encode('data: {}\n\n'));
      if (!model.ok) throw new Error(model.error);
      const locate = lineLocator('x.sse', bytes, {
        ...model.model,
        streams: [{ ...model.model.streams[0]!, rawEvents: { length: 1, at: () => ({ span: { start: o } }) } }],
      } as never);
      return locate?.({ streamId: 'import:x.sse', events: [0] } as never);
    });
    for (const piece of [1, 2, 3, 100]) {
      const lines = await linesAt(chunksOf(bytes, piece), offsets);
      expect(offsets.map((o) => lines.get(o))).toEqual(expected);
    }
    expect(expected.slice(0, 4)).toEqual([1, 1, 1, 2]);
  });
});
