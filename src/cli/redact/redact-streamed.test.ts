// `redact` of files over 1 MB (redacted as a stream, never held whole) is checked as the
// whole-file path is: its copy lints as the original does (masked numbers and booleans are
// kept when masking them changed the findings), and an SSE body with bytes that are not
// UTF-8 keeps them as invalid bytes. Each input is generated here, just over 1 MB.
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../core/bytes.js';
import { redactFile } from '../../core/io/redact/redact-file.js';
import { BOOKING_TOOLS, lintKeys } from '../../core/io/redact/redact.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

const encoder = new TextEncoder();
const MB = 1 << 20;
const SECRET = 'SECRET-WORDS';
const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

/** Text messages enough to take `bytes`: the bulk that makes a file streamed. */
function padding(bytes: number): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const id = `pad${i}`;
    const text = `${SECRET} ${'x'.repeat(4000)}`;
    events.push(
      { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
      { type: 'TEXT_MESSAGE_END', messageId: id },
    );
    size += text.length + 200;
  }
  return events;
}

const INPUT = {
  threadId: 't1',
  runId: 'r1',
  state: {},
  messages: [],
  tools: BOOKING_TOOLS,
  context: [],
  forwardedProps: {},
};

/** A run whose tool arguments meet the tool's schema only with their real numbers and booleans. */
const BOOKING = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  ...padding(MB + 4096),
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'book_hotel' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"nights": 2, "breakfast": true}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

function bookingHar(): string {
  const body = sse(BOOKING);
  const entry = {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: 'POST',
      url: 'http://agent.test/run',
      headers: [{ name: 'content-type', value: 'application/json' }],
      postData: { mimeType: 'application/json', text: JSON.stringify(INPUT) },
    },
    response: {
      status: 200,
      headers: [{ name: 'content-type', value: 'text/event-stream' }],
      content: { size: body.length, mimeType: 'text/event-stream', text: body },
    },
  };
  return JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [entry] } });
}

/** Bytes from text and raw byte runs. */
function bytesOf(...parts: (string | number[])[]): Uint8Array {
  return concatBytes(parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : Uint8Array.from(p))));
}

async function redactStreamed(name: string, bytes: Uint8Array, extra: string[] = []) {
  expect(bytes.length).toBeGreaterThan(MB);
  const r = await runCli(['redact', ...extra, name, '-o', `out-${name}`], {
    files: { [name]: bytes },
    pieces: 1 << 16,
  });
  expect(r.code, r.stderr).toBe(0);
  // Written piece by piece: the streamed path, not the whole-file one.
  expect(r.piecesWritten).toBeGreaterThan(1);
  const out = r.written.get(`out-${name}`);
  if (out === undefined) throw new Error('no copy written');
  return { ...r, out };
}

describe('redact of a file over 1 MB (streamed)', () => {
  it('keeps numbers and booleans of a HAR when masking them changed the findings', async () => {
    const bytes = encoder.encode(bookingHar());
    const before = lintKeys('booking.har', bytes);
    const r = await redactStreamed('booking.har', bytes);
    expect(r.stderr).toContain('note: numbers and booleans kept: masking them changed what lint finds');
    expect(lintKeys('booking.har', r.out)).toEqual(before);
    const text = new TextDecoder().decode(r.out);
    // Booleans and assertions on the text, not the text: a failure would print 1 MB.
    expect(/nights\W+2, \W+breakfast\W+true/.test(text)).toBe(true);
    expect(text.includes(SECRET)).toBe(false);
    // The same copy the whole-file path writes for the same file.
    const whole = redactFile('booking.har', bytes, { hideLengths: false });
    expect(whole.ok && Buffer.from(whole.bytes).equals(Buffer.from(r.out))).toBe(true);
  });

  it('leaves numbers masked when masking them changes nothing', async () => {
    const events = BOOKING.map((e) =>
      e.type === 'TOOL_CALL_ARGS' ? { ...e, delta: '{"nights": 7, "breakfast": true, "guests": 3}' } : e,
    );
    // No schema to break (no run input in an SSE body): the numbers are data, masked.
    const bytes = encoder.encode(sse(events));
    const r = await redactStreamed('plain.sse', bytes);
    expect(r.stderr).not.toContain('numbers and booleans kept');
    expect(lintKeys('plain.sse', r.out)).toEqual(lintKeys('plain.sse', bytes));
    expect(new TextDecoder().decode(r.out).includes('\\"nights\\": 0, \\"breakfast\\": false, \\"guests\\": 0')).toBe(
      true,
    );
  });

  for (const [level, flags] of [
    ['masked', []],
    ['strict', ['--strict']],
    ['lengths hidden', ['--hide-lengths']],
  ] as const) {
    it(`${level}: redacts an SSE body with invalid UTF-8 as the whole-file path does`, async () => {
      // A lone continuation byte and a cut 3-byte sequence in the secret text, after 1 MB.
      const bytes = bytesOf(
        sse([{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, ...padding(MB)]),
        'data: {"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}\n\n',
        `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"${SECRET}-`,
        [0x80],
        'TEXT-',
        [0xe2, 0x82],
        '"}\n\n',
        sse([
          { type: 'TEXT_MESSAGE_END', messageId: 'm' },
          { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
        ]),
      );
      const before = lintKeys('body.sse', bytes);
      expect(before.some((k) => k.startsWith('sse/invalid-utf8@'))).toBe(true);
      const r = await redactStreamed('body.sse', bytes, [...flags]);
      expect(lintKeys('body.sse', r.out)).toEqual(before);
      expect(new TextDecoder().decode(r.out).includes(SECRET)).toBe(false);
      // The invalid bytes stay invalid: a decoder that refuses them refuses the copy too.
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(r.out)).toThrow();
      const whole = redactFile('body.sse', bytes, {
        hideLengths: level === 'lengths hidden',
        ...(level === 'strict' ? { strict: true } : {}),
      });
      expect(whole.ok && Buffer.from(whole.bytes).equals(Buffer.from(r.out))).toBe(true);
    });
  }
});
