// `serve`'s one-read index against the whole-file path, on every SSE body and HAR among
// the fixtures: the same runs (labels, ids, threads, heads), notes and verdicts, and each
// run answered with the same bytes, ids rewritten or kept. HAR entries are read again
// from their byte range; the reader here cannot seek, so readRange skips to it.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { chunksOf, readRange, type OpenChunks } from '../../core/io/stream/chunks.js';
import { recordingOf, type RecordedRun, type ReplayPiece, type StreamedRun } from '../recording.js';
import { withRequestIds } from './rewrite-ids.js';
import { streamedRecording } from './streamed-recording.js';

const DEMO = resolve(FIXTURES, 'demo');
const files = [
  ...readdirSync(FIXTURES).map((n) => resolve(FIXTURES, n)),
  ...readdirSync(DEMO).map((n) => resolve(DEMO, n)),
].filter((p) => /\.(sse|har)$/.test(p));

const IDS = { threadId: 'thread-of-the-request', runId: 'run-of-the-request' };

async function joined(pieces: AsyncIterable<ReplayPiece> | readonly ReplayPiece[]): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const p of pieces) parts.push(p.data);
  return Buffer.concat(parts).toString('latin1');
}

const head = (r: RecordedRun | StreamedRun) => ({
  label: r.label,
  url: r.url,
  method: r.method,
  requestHeaders: r.requestHeaders,
  requestBody: r.requestBody,
  threadId: r.threadId,
  runIds: r.runIds,
  status: r.status,
  contentType: r.contentType,
  encoding: r.encoding,
  startedAt: r.startedAt,
});

describe('serve indexes every SSE and HAR fixture as the whole-file path reads it', () => {
  it('finds the fixtures', () => {
    expect(files.filter((f) => f.endsWith('.har')).length).toBeGreaterThanOrEqual(4);
    expect(files.filter((f) => f.endsWith('.sse')).length).toBeGreaterThanOrEqual(10);
  });
  for (const path of files) {
    const name = path.slice(FIXTURES.length + 1);
    it(name, async () => {
      const bytes = new Uint8Array(readFileSync(path));
      // Pieces of 13 bytes: entries, literals and frames are cut anywhere.
      const streamed = await streamedRecording(name, chunksOf(bytes, 13));
      const whole = recordingOf(name, bytes);
      if (streamed === 'whole') throw new Error('read whole');
      expect(streamed.ok).toBe(whole.ok);
      if (!streamed.ok || !whole.ok) {
        expect(streamed).toEqual(whole);
        return;
      }
      expect(streamed.notes).toEqual(whole.notes);
      expect(streamed.runs.map(head)).toEqual(whole.runs.map(head));
      for (const [i, run] of streamed.runs.entries()) {
        const recorded = whole.runs[i]!;
        expect(await joined(run.readPieces()), run.label).toBe(await joined(recorded.pieces));
        const rewritten = recorded.encoding === 'proto' ? recorded.pieces : withRequestIds(recorded, IDS);
        const asked = recorded.encoding === 'proto' ? run.readPieces() : run.readPieces(IDS);
        expect(await joined(asked), run.label).toBe(await joined(rewritten));
      }
    });
  }
});

describe('serve indexes odd files as the whole-file path reads them', () => {
  const har = JSON.parse(readFileSync(resolve(DEMO, 'session.har'), 'utf8')) as { log: { entries: unknown[] } };
  const cases: Record<string, string> = {
    // A BOM before the HAR, its entries out of time order, pretty-printed: ranges still hold.
    'reversed-bom.har': `\uFEFF${JSON.stringify({ log: { ...har.log, entries: [...har.log.entries].reverse() } }, null, 1)}`,
    'not-agui.sse': 'data: {"hello":1}\n\ndata: not json\n\n',
    'before-run-started.sse':
      'data: {"type":"TEXT_MESSAGE_START","messageId":"m"}\n\ndata: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, async () => {
      const bytes = new TextEncoder().encode(text);
      const streamed = await streamedRecording(name, chunksOf(bytes, 64));
      const whole = recordingOf(name, bytes);
      if (streamed === 'whole') throw new Error('read whole');
      if (!streamed.ok || !whole.ok) return expect(streamed).toEqual(whole);
      expect(streamed.notes).toEqual(whole.notes);
      expect(streamed.runs.map(head)).toEqual(whole.runs.map(head));
      for (const [i, run] of streamed.runs.entries())
        expect(await joined(run.readPieces(IDS))).toBe(await joined(withRequestIds(whole.runs[i]!, IDS)));
    });
  }
});

describe('readRange', () => {
  const bytes = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
  const all = async (it: AsyncIterable<Uint8Array>) => {
    const out: number[] = [];
    for await (const p of it) out.push(...p);
    return out;
  };
  it('skips to the range on a source that cannot seek, and stops reading at its end', async () => {
    let read = 0;
    const open: OpenChunks = async function* () {
      for (let i = 0; i < bytes.length; i += 7) {
        read += 7;
        yield bytes.subarray(i, i + 7);
      }
    };
    expect(await all(readRange(open, 10, 30))).toEqual([...bytes.subarray(10, 30)]);
    expect(read).toBe(35);
    expect(await all(readRange(open, 40, 40))).toEqual([]);
  });
  it("uses the source's own range when it has one", async () => {
    const open = Object.assign(chunksOf(bytes, 7), {
      range: (start: number, end: number) => chunksOf(bytes.subarray(start, end), 3)(),
    });
    expect(await all(readRange(open, 5, 50))).toEqual([...bytes.subarray(5, 50)]);
  });
});

describe('a body over 2 GiB', () => {
  // A generator, not a file: 2.1 GiB of comment frames (views of one 1 MB buffer) between
  // a run's RUN_STARTED and RUN_FINISHED. Offsets past 2^31 stay exact, and the index
  // does not keep the comments.
  it('is indexed and answered with the ids at their place past 2 GiB', { timeout: 300_000 }, async () => {
    const enc = new TextEncoder();
    const head = enc.encode('data: {"type":"RUN_STARTED","threadId":"t","runId":"r1"}\n\n');
    const comment = enc.encode(`:${'x'.repeat((1 << 20) - 3)}\n\n`);
    const tail = enc.encode('data: {"type":"RUN_FINISHED","threadId":"t","runId":"r1"}\n\n');
    const LINES = 2100;
    const open: OpenChunks = async function* () {
      yield head;
      for (let i = 0; i < LINES; i++) yield comment;
      yield tail;
    };
    const size = head.length + LINES * comment.length + tail.length;
    expect(size).toBeGreaterThan(2 ** 31);
    const streamed = await streamedRecording('big.sse', open);
    if (streamed === 'whole' || !streamed.ok) throw new Error('not streamed');
    const [run] = streamed.runs;
    const tailAt = size - tail.length;
    const finished = run!.patches!.list().filter((p) => p.start > tailAt);
    const tailText = new TextDecoder().decode(tail);
    const at = (literal: string) => [tailText.indexOf(literal), tailText.indexOf(literal) + literal.length];
    expect(finished.map((p) => [p.start - tailAt, p.end - tailAt, p.field])).toEqual([
      [...at('"t"'), 'threadId'],
      [...at('"r1"'), 'runId'],
    ]);
    let last: Uint8Array | undefined;
    let bytes = 0;
    for await (const p of run!.readPieces({ threadId: 'T', runId: 'R' })) {
      last = p.data;
      bytes += p.data.length;
    }
    expect(bytes).toBe(size + 2 * ('"T"'.length - '"t"'.length) + 2 * ('"R"'.length - '"r1"'.length));
    expect(new TextDecoder().decode(last)).toBe('data: {"type":"RUN_FINISHED","threadId":"T","runId":"R"}\n\n');
  });
});
