// Credentials one level down: a string that holds JSON (a TOOL_CALL_RESULT's content, a
// CUSTOM value), and the events of a protobuf body. Every string under a credential-named
// key (the one list, ./credential-names.ts) goes and is listed at its path, wherever it
// is nested; every other value stays as it was.
import { decode, encode } from '@ag-ui/proto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CapturedChunk } from '../../model/types.js';
import { scrub } from './body-credentials.js';
import { isCredentialName } from './credentials.js';
import { applyEdits } from './edits.js';
import { createReport } from './options.js';
import { credentialEdits, removeResponseCredentials } from './response-credentials.js';

const SECRET = 'SECRET-';
const key = fc.constantFrom('apiKey', 'x-auth', 'sessionId', 'password', 'name', 'rows', 'value', 'content');

/** JSON values whose strings under credential keys are markers; some strings hold JSON themselves. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 6 }).filter((s) => !s.includes(SECRET)),
    fc.integer(),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(key, tie('v'), { maxKeys: 3 }),
    // A string holding JSON (as a tool result's content).
    tie('v').map((v) => JSON.stringify(v)),
  ),
})).v;

/** The value with a fresh marker under every credential key holding a string. */
const marked = (v: unknown): unknown => mark(v, { n: 0 });
function mark(v: unknown, counter: { n: number }): unknown {
  const marked = (x: unknown): unknown => mark(x, counter);
  if (Array.isArray(v)) return v.map(marked);
  if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
    try {
      return JSON.stringify(marked(JSON.parse(v)));
    } catch {
      return v;
    }
  }
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      isCredentialName(k) && typeof x === 'string' ? `${SECRET}${counter.n++}` : marked(x),
    ]),
  );
}

/** What removal should leave: every marker replaced, read through nested JSON strings. */
function expected(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(expected);
  if (typeof v === 'string' && v.startsWith(SECRET)) return '[redacted]';
  if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
    try {
      return { json: expected(JSON.parse(v)) };
    } catch {
      return v;
    }
  }
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expected(x)]));
}
const markers = (text: string): number => text.split(SECRET).length - 1;
/** Nested JSON strings read as `{ json }`, as expected() writes them. */
const opened = (v: unknown): unknown => expected(v);

function decodeProtoFrames(bytes: Uint8Array): unknown[] {
  const out: unknown[] = [];
  for (let pos = 0; pos + 4 <= bytes.length;) {
    const length = new DataView(bytes.buffer, bytes.byteOffset + pos).getUint32(0);
    out.push(decode(bytes.subarray(pos + 4, pos + 4 + length)));
    pos += 4 + length;
  }
  return out;
}

/** Events as protobuf carries them: a state snapshot (a Value) and a tool result's JSON content. */
const protoEvent = fc.oneof(
  value.map((v) => marked({ type: 'STATE_SNAPSHOT', snapshot: v })),
  value.map((v) => marked({ type: 'TOOL_CALL_RESULT', messageId: 'm', toolCallId: 'c', content: JSON.stringify(v) })),
);

const event = value.map((content) =>
  marked({
    type: 'TOOL_CALL_RESULT',
    messageId: 'm',
    toolCallId: 'c',
    content: JSON.stringify(content),
    state: content,
  }),
);

describe('credentials in JSON held in strings', () => {
  it('a tool result whose content is JSON with an apiKey: removed and listed at its path', () => {
    const report = createReport();
    const json = JSON.stringify({
      type: 'TOOL_CALL_RESULT',
      content: JSON.stringify({ rows: [], apiKey: 'SECRET-1' }),
    });
    const out = applyEdits(json, credentialEdits(json, 'body', report));
    expect(out).not.toContain('SECRET');
    expect(JSON.parse((JSON.parse(out) as { content: string }).content)).toEqual({ rows: [], apiKey: '[redacted]' });
    expect(report.credentials).toEqual(['body.content.apiKey']);
  });

  it('the lexical walk (SSE) and the value walk (JSONL, request bodies) remove every marker and list each', () => {
    fc.assert(
      fc.property(event, (e) => {
        const text = JSON.stringify(e);
        const count = markers(text);
        const lexical = createReport();
        const out = applyEdits(text, credentialEdits(text, 'w', lexical));
        expect(markers(out)).toBe(0);
        expect(opened(JSON.parse(out))).toEqual(expected(e));
        expect(lexical.credentials.length).toBe(count);
        const byValue = createReport();
        const r = scrub(e, 'w', byValue);
        expect(markers(JSON.stringify(r.value))).toBe(0);
        expect(opened(r.value)).toEqual(expected(e));
        expect(byValue.credentials).toEqual(lexical.credentials);
      }),
      { numRuns: 200 },
    );
  });
});

describe('credentials in protobuf bodies', () => {
  it('every event frame with a credential is encoded again without it, listed; chunk times stay', () => {
    fc.assert(
      fc.property(
        fc.array(protoEvent, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 40 }),
        (events, cut) => {
          const frames = events.map((e) => {
            const payload = encode(e as Parameters<typeof encode>[0]);
            const frame = new Uint8Array(4 + payload.length);
            new DataView(frame.buffer).setUint32(0, payload.length);
            frame.set(payload, 4);
            return frame;
          });
          const body = Buffer.concat(frames);
          const count = markers(body.toString('latin1'));
          const chunks: CapturedChunk[] = [];
          for (let i = 0; i < body.length; i += cut)
            chunks.push({ t: i, kind: 'bytes', data: body.subarray(i, i + cut) });
          const report = createReport();
          const open = { encoding: 'proto' } as Parameters<typeof removeResponseCredentials>[0];
          const out = removeResponseCredentials(open, chunks, 'streams[0]', report);
          expect(out.map((c) => c.t)).toEqual(chunks.map((c) => c.t));
          const joined = Buffer.concat(out.map((c) => (c.kind === 'bytes' ? c.data : new Uint8Array())));
          expect(markers(joined.toString('latin1'))).toBe(0);
          expect(report.credentials.length).toBe(count);
          if (count === 0) expect(out).toBe(chunks);
          const decoded = decodeProtoFrames(joined);
          expect(decoded.length).toBe(events.length);
          for (const [i, d] of decoded.entries())
            expect(opened(d)).toMatchObject(opened(expected(events[i])) as object);
        },
      ),
      { numRuns: 100 },
    );
  });
});
