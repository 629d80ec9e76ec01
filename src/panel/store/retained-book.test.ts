// The retained book keeps the session cap's account incrementally: chunks as they arrive,
// runs once per batch, the character width learnt from the wire text, eviction pruned.
import { describe, expect, it } from 'vitest';
import { createInspector } from '../../core/pipeline/create-inspector.js';
import { sseStream } from '../../core/pipeline/sse.test-helper.js';
import { streamRetainedBytes } from '../../core/reduce/retained.js';
import { sseFrame } from '../test-kit.js';
import { createRetainedBook } from './retained-book.js';

const utf8 = new TextEncoder();

function feed(text: string[]) {
  const insp = createInspector();
  const book = createRetainedBook();
  insp.openStream(sseStream('s', { threadId: 't', runId: 'r', messages: [], tools: [] }));
  book.note(insp.model, 's');
  for (const piece of text) {
    book.seeText('s', piece);
    insp.appendBytes('s', utf8.encode(piece), 1_010);
    book.note(insp.model, 's');
  }
  return { insp, book };
}

const frames = (delta: string) => [
  sseFrame({ type: 'RUN_STARTED', threadId: 't', runId: 'r' }),
  sseFrame({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' }),
  sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta }),
  sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta }),
];

describe('retained book', () => {
  it('settles to the core estimate of the stream and its runs', () => {
    const { insp, book } = feed(frames('y'.repeat(5_000)));
    const before = book.total;
    const total = book.settle(insp.model);
    expect(total).toBeGreaterThan(before + 10_000); // the message text is counted once settled
    const s = insp.model.streams[0]!;
    const estimate = streamRetainedBytes(s, insp.model.runs, { charBytes: 1 });
    expect(total).toBeGreaterThanOrEqual(estimate);
    expect(book.measure(s)).toBe(estimate);
  });

  it('a stream of many runs settles, batch by batch, to the core estimate of the whole stream', () => {
    const insp = createInspector();
    const book = createRetainedBook();
    insp.openStream(sseStream('s', { threadId: 't', runId: 'r0', messages: [], tools: [] }));
    for (let r = 0; r < 6; r++) {
      const f = [
        sseFrame({ type: 'RUN_STARTED', threadId: 't', runId: `r${r}` }),
        sseFrame({ type: 'TEXT_MESSAGE_START', messageId: `m${r}`, role: 'assistant' }),
        sseFrame({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m${r}`, delta: 'q'.repeat(1_000 * (r + 1)) }),
        sseFrame({ type: 'TEXT_MESSAGE_END', messageId: `m${r}` }),
        sseFrame({ type: 'RUN_FINISHED', threadId: 't', runId: `r${r}` }),
      ];
      for (const piece of f) {
        book.seeText('s', piece);
        insp.appendBytes('s', utf8.encode(piece), 1_010);
        book.note(insp.model, 's');
      }
      book.settle(insp.model);
    }
    const s = insp.model.streams[0]!;
    expect(insp.model.runs).toHaveLength(6);
    expect(book.measure(s)).toBe(streamRetainedBytes(s, insp.model.runs, { charBytes: 1 }));
  });

  it('counts two bytes a character once the wire shows a wide character or a \\u escape', () => {
    const narrow = feed(frames('y'.repeat(5_000)));
    const wide = feed(frames(`${'y'.repeat(4_999)}—`));
    const escaped = feed(frames('y'.repeat(5_000)).map((f, i) => (i === 3 ? f.replace('yy', '\\u2014') : f)));
    // An escape split across two chunks still counts.
    const split = frames('y'.repeat(5_000));
    const cut = split[3]!.replace('yy', '\\u2014');
    const at = cut.indexOf('\\u') + 1;
    const splitEscape = feed([...split.slice(0, 3), cut.slice(0, at), cut.slice(at)]);
    const n = narrow.book.settle(narrow.insp.model);
    for (const other of [wide, escaped, splitEscape])
      expect(other.book.settle(other.insp.model)).toBeGreaterThan(n + 9_000);
  });

  it('forgets what the core evicted and keeps the rest', () => {
    const insp = createInspector();
    const book = createRetainedBook();
    for (const id of ['a', 'b']) {
      insp.openStream(sseStream(id, { threadId: 't', runId: id, messages: [], tools: [] }));
      for (const f of frames('z'.repeat(2_000))) {
        book.seeText(id, f);
        insp.appendBytes(id, utf8.encode(f), 1_010);
        book.note(insp.model, id);
      }
      insp.endStream(id, { reason: 'complete', t: 1_020 });
    }
    const both = book.settle(insp.model);
    const a = book.measure(insp.model.streams[0]!);
    const freed = insp.evictOldestRuns(1, (s) => book.measure(s));
    expect(freed).toEqual({ runs: 1, bytes: a });
    // a's findings go with it; b is still counted whole.
    const left = book.prune(insp.model);
    expect(left).toBeLessThanOrEqual(both - a);
    expect(left).toBeGreaterThan(book.measure(insp.model.streams[0]!));
    expect(insp.model.streams.map((s) => s.info.streamId)).toEqual(['b']);
  });
});
