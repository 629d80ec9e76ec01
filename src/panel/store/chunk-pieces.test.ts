import { describe, expect, it } from 'vitest';
import { createPanelCore } from '../core-deps.js';
import { relayStream, sseFrame } from '../test-kit.js';
import { createCaptureStore } from './capture-store.js';
import { nextPiece, PIECE_BYTES } from './chunk-pieces.js';
import { createManualScheduler } from './scheduler.js';

describe('chunk pieces', () => {
  it('hands a chunk on as views of at most the piece size, in order, then nothing', () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => i);
    const c = { streamId: 's', t: 1, bytes, at: 0 };
    const pieces: number[][] = [];
    for (let p = nextPiece(c, 4); p !== undefined; p = nextPiece(c, 4)) {
      expect(p.buffer).toBe(bytes.buffer);
      pieces.push([...p]);
    }
    expect(pieces).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(nextPiece(c, 4)).toBeUndefined();
  });
});

// A run whose text message is one chunk of several pieces (as a flood's 512 KB reads come).
const WORDS = 3000;
const events = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
  ...Array.from({ length: WORDS }, (_, i) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: `w${i} ` })),
  { type: 'TEXT_MESSAGE_END', messageId: 'm' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
];
const wholeText = events.map(sseFrame).join('');
const expectedMessage = Array.from({ length: WORDS }, (_, i) => `w${i} `).join('');

describe('capture store, a chunk bigger than a piece', () => {
  it('applies it over several slices within the budget, in order, the same as whole', () => {
    expect(new TextEncoder().encode(wholeText).length).toBeGreaterThan(3 * PIECE_BYTES);
    const msgs = relayStream({ streamId: 's1' }, [wholeText]);
    const scheduler = createManualScheduler();
    // Every clock read moves 10 ms; a 25 ms budget stops a slice after its third step.
    let now = 0;
    const store = createCaptureStore(createPanelCore(), scheduler, 'live', {
      intervalMs: 0,
      now: () => (now += 10),
      frameBudgetMs: 25,
    });
    for (const m of msgs) store.receive(m);
    store.flush();
    const first = store.inspector().model.streams[0];
    expect(first?.rawEvents.length ?? 0).toBeGreaterThan(0);
    expect(first?.rawEvents.length ?? 0).toBeLessThan(events.length);
    // The stream's end is queued behind the chunk: not applied before its last piece.
    expect(first?.end).toBeUndefined();
    let slices = 1;
    while (scheduler.flush()) slices++;
    expect(slices).toBeGreaterThan(2);

    const whole = createCaptureStore(createPanelCore(), createManualScheduler(), 'live');
    for (const m of msgs) whole.receive(m);
    whole.flush();
    const [a, b] = [store.model.value, whole.model.value];
    expect(a.streams[0]?.rawEvents.length).toBe(events.length);
    expect(a.streams[0]?.end?.reason).toBe('complete');
    expect(a.runs[0]?.messages[0]?.text).toBe(expectedMessage);
    expect(a.runs[0]?.status).toBe(b.runs[0]?.status);
    expect(a.findings.length).toBe(b.findings.length);
    expect(store.health.value.session.bytes).toBe(whole.health.value.session.bytes);
  });
});
