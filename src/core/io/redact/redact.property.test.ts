// Property: secrets (unique marker strings and numbers) placed in every user-data
// position of a session — state at any depth under any key, keys named like protocol
// fields included; arguments, results, text, context, forwardedProps, custom and raw
// events, URLs, headers — never survive a redacted export, and linting the redacted
// export gives the same rules at the same events as the original.
import fc from 'fast-check';
import { decode, encode } from '@ag-ui/proto';
import { describe, expect, it } from 'vitest';
import type { Capture } from '../types.js';
import { redactFile } from './redact-file.js';
import { writeSession } from './session-file.js';
import { lintKeys, survivors } from './redact.test-helper.js';
import { isCredentialName } from './credentials.js';

type Shape =
  { k: 'str' } | { k: 'num' } | { k: 'bool' } | { k: 'arr'; items: Shape[] } | { k: 'obj'; entries: [string, Shape][] };

const PROTOCOL_LIKE = [
  'name',
  'id',
  'status',
  'path',
  'code',
  'type',
  'role',
  'toolCallId',
  'messageId',
  'op',
  'delta',
];
const key = fc.oneof(fc.constantFrom(...PROTOCOL_LIKE), fc.stringMatching(/^[a-z]{1,6}$/));
const { shape } = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant<Shape>({ k: 'str' }),
    fc.constant<Shape>({ k: 'num' }),
    fc.constant<Shape>({ k: 'bool' }),
    fc.array(tie('shape'), { maxLength: 3 }).map((items): Shape => ({ k: 'arr', items })),
    fc
      .uniqueArray(fc.tuple(key, tie('shape')), { maxLength: 4, selector: (e) => e[0] })
      .map((entries): Shape => ({ k: 'obj', entries })),
  ),
}));
const objShape = fc
  .uniqueArray(fc.tuple(key, shape), { minLength: 1, maxLength: 4, selector: (e) => e[0] })
  .map((entries): Shape => ({ k: 'obj', entries }));

/** Hands out unique markers and remembers them. */
class Secrets {
  readonly all: string[] = [];
  str(): string {
    const s = `SECRET${this.all.length}Q${(this.all.length * 7919).toString(36)}X`;
    this.all.push(s);
    return s;
  }
  num(): number {
    const n = 731_000_000 + this.all.length * 1_003;
    this.all.push(String(n));
    return n;
  }
  fill(s: Shape): unknown {
    switch (s.k) {
      case 'str':
        return this.str();
      case 'num':
        return this.num();
      case 'bool':
        return this.all.length % 2 === 0;
      case 'arr':
        return s.items.map((i) => this.fill(i));
      case 'obj':
        return Object.fromEntries(s.entries.map(([k, v]) => [k, this.fill(v)]));
    }
  }
}

interface Scenario {
  readonly state: Shape;
  readonly args: Shape;
  readonly result: Shape;
  readonly custom: Shape;
  readonly props: Shape;
  readonly cuts: number[];
  readonly crlf: boolean;
  readonly multiline: boolean;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  state: objShape,
  args: objShape,
  result: shape,
  custom: shape,
  props: objShape,
  cuts: fc.array(fc.nat({ max: 3000 }), { maxLength: 6 }),
  crlf: fc.boolean(),
  multiline: fc.boolean(),
});

function split(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function build(sc: Scenario, secrets: Secrets): Capture & { readonly events: readonly unknown[] } {
  const argsText = JSON.stringify(secrets.fill(sc.args));
  const input = {
    threadId: 't1',
    runId: 'r1',
    state: secrets.fill(sc.state),
    messages: [
      { id: 'm1', role: 'user', content: secrets.str(), name: secrets.str() },
      {
        id: 'm2',
        role: 'assistant',
        content: secrets.str(),
        toolCalls: [
          {
            id: 'c0',
            type: 'function',
            function: { name: 'lookup', arguments: JSON.stringify(secrets.fill(sc.args)) },
          },
        ],
      },
      { id: 'm3', role: 'tool', toolCallId: 'c0', content: JSON.stringify(secrets.fill(sc.result)) },
    ],
    tools: [
      {
        name: 'lookup',
        description: secrets.str(),
        parameters: {
          type: 'object',
          description: secrets.str(),
          properties: {
            q: { type: 'string', title: secrets.str(), default: secrets.str(), examples: [secrets.str()] },
          },
        },
      },
    ],
    context: [{ description: secrets.str(), value: secrets.str() }],
    forwardedProps: secrets.fill(sc.props),
  };
  const events: unknown[] = [
    { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
    { type: 'STATE_SNAPSHOT', snapshot: secrets.fill(sc.state) },
    {
      type: 'STATE_DELTA',
      delta: [
        {
          op: 'add',
          path: `/${sc.state.k === 'obj' ? (sc.state.entries[0]?.[0] ?? 'x') : 'x'}`,
          value: secrets.fill(sc.state),
        },
      ],
    },
    { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant', name: secrets.str() },
    ...split(secrets.str() + ' ' + secrets.str(), 3).map((delta) => ({
      type: 'TEXT_MESSAGE_CONTENT',
      messageId: 'a1',
      delta,
    })),
    { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
    { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: 'a1' },
    ...split(argsText, 4).map((delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta })),
    { type: 'TOOL_CALL_END', toolCallId: 'c1' },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 'tr1',
      toolCallId: 'c1',
      role: 'tool',
      content: JSON.stringify(secrets.fill(sc.result)),
    },
    { type: 'CUSTOM', name: 'progress', value: secrets.fill(sc.custom) },
    { type: 'RAW', event: secrets.fill(sc.custom), source: secrets.str() },
    { type: 'MESSAGES_SNAPSHOT', messages: input.messages },
    { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', result: secrets.fill(sc.result) },
  ];
  const eol = sc.crlf ? '\r\n' : '\n';
  const body = events
    .map((e) => {
      const json = sc.multiline ? JSON.stringify(e, null, 1) : JSON.stringify(e);
      return (
        json
          .split('\n')
          .map((line) => `data: ${line}`)
          .join(eol) +
        eol +
        eol
      );
    })
    .join('');
  const bytes = new TextEncoder().encode(body);
  const cuts = [...new Set(sc.cuts.map((c) => c % Math.max(1, bytes.length)))]
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
  const pieces = [0, ...cuts].map((from, i) => ({
    t: 1000 + i,
    kind: 'bytes' as const,
    data: bytes.slice(from, cuts[i] ?? bytes.length),
  }));
  const secret = secrets.str();
  return {
    events,
    open: {
      streamId: 's1',
      transport: 'fetch',
      encoding: 'sse',
      url: `https://ann:${secrets.str()}@agent.example/run?q=${secrets.str()}&access_token=${secrets.str()}#${secrets.str()}`,
      method: 'POST',
      requestHeaders: {
        authorization: `Bearer ${secret}`,
        cookie: `sid=${secrets.str()}`,
        'x-api-key': secrets.str(),
        'x-customer': secrets.str(),
        'content-type': 'application/json',
      },
      requestBody: JSON.stringify(input),
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 1000,
      frameUrl: `https://app.example/page?session=${secrets.str()}`,
    },
    pieces,
    end: { reason: 'complete', t: 5000 },
  };
}

const META = { exportedAt: 1, extensionVersion: 'test' };
const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

// Generous limits: the machine is shared; no timing is asserted.
describe('redaction (property)', () => {
  it(
    'no secret survives a redacted export, and lint finds the same rules at the same events',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(scenario, (sc) => {
          const secrets = new Secrets();
          const capture = build(sc, secrets);
          const plain = writeSession([capture], META, [], undefined).text;
          // The plan really placed the secrets: the plain export still has the data ones.
          expect(survivors(plain, secrets.all).length).toBeGreaterThan(secrets.all.length / 2);
          const redacted = writeSession([capture], META, [], { hideLengths: false }).text;
          expect(survivors(redacted, secrets.all)).toEqual([]);
          expect(lintKeys('r.json', bytesOf(redacted))).toEqual(lintKeys('p.json', bytesOf(plain)));
          const hidden = writeSession([capture], META, [], { hideLengths: true }).text;
          expect(survivors(hidden, secrets.all)).toEqual([]);
          // Strict masks more (./redact-strict.property.test.ts): never less, same findings.
          const strict = writeSession([capture], META, [], { hideLengths: false, strict: true }).text;
          expect(survivors(strict, secrets.all)).toEqual([]);
          expect(lintKeys('s.json', bytesOf(strict))).toEqual(lintKeys('p.json', bytesOf(plain)));
          // The redacted session through `redact` again: still nothing, still the same findings.
          const again = redactFile('r.json', bytesOf(redacted), { hideLengths: false });
          expect(again.ok).toBe(true);
          if (again.ok) expect(lintKeys('a.json', again.bytes)).toEqual(lintKeys('p.json', bytesOf(plain)));
        }),
        { numRuns: 40 },
      );
    },
  );

  it('a plain export keeps the data but not the credentials', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const secrets = new Secrets();
        const capture = build(sc, secrets);
        const { text, report } = writeSession([capture], META, [], undefined);
        const file = JSON.parse(text) as {
          credentialsRemoved: string[];
          streams: { open: { url: string; frameUrl: string; requestHeaders: Record<string, string> } }[];
        };
        const open = file.streams[0]!.open;
        expect(open.requestHeaders['authorization']).toBe('[redacted]');
        expect(open.requestHeaders['cookie']).toBe('[redacted]');
        expect(open.requestHeaders['x-api-key']).toBe('[redacted]');
        expect(open.requestHeaders['x-customer']).toBe(capture.open.requestHeaders['x-customer']);
        expect(open.url).toMatch(/^https:\/\/agent\.example\/run\?q=SECRET\w+&access_token=\[redacted\]#SECRET/);
        expect(open.frameUrl).toBe('https://app.example/page?session=[redacted]');
        expect(file.credentialsRemoved).toEqual(report.credentials);
        // Six in the request's URLs and headers; the rest are credential-named fields in JSON
        // held in strings (tool-call arguments, a tool result's content), whose keys the
        // generator may name "key", in the request body or in events.
        const head = file.credentialsRemoved.filter((c) =>
          /^streams\[0\]\.open\.(url|frameUrl|requestHeaders)\b/.test(c),
        );
        expect(head.length, file.credentialsRemoved.join('; ')).toBe(6);
        for (const c of file.credentialsRemoved.filter((x) => !head.includes(x)))
          expect(isCredentialName(/([\w-]+)"?\]?$/.exec(c)?.[1] ?? ''), c).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it('raw SSE and JSONL files through redact: no secret, same findings', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const secrets = new Secrets();
        const capture = build(sc, secrets);
        const body = new Uint8Array(capture.pieces.flatMap((p) => (p.kind === 'bytes' ? [...p.data] : [])));
        const sse = redactFile('body.sse', body, { hideLengths: false });
        if (!sse.ok) throw new Error(sse.error);
        expect(sse.format).toBe('sse');
        expect(survivors(new TextDecoder().decode(sse.bytes), secrets.all)).toEqual([]);
        expect(lintKeys('body.sse', sse.bytes)).toEqual(lintKeys('body.sse', body));
        // Framing: the same lines and line endings, only values inside them changed.
        const lines = (b: Uint8Array) =>
          new TextDecoder()
            .decode(b)
            .split(/(\r\n|\n)/)
            .map((l) => l.replace(/^(data|event|id):.*$/, '$1'));
        expect(lines(sse.bytes)).toEqual(lines(body));
        const events = new TextDecoder()
          .decode(body)
          .split(/\r?\n\r?\n/)
          .filter((f) => f !== '')
          .map((f) =>
            f
              .split(/\r?\n/)
              .map((l) => l.slice(6))
              .join('\n'),
          )
          .map((json) => JSON.stringify(JSON.parse(json)));
        const jsonl = bytesOf(events.join('\n'));
        const out = redactFile('events.jsonl', jsonl, { hideLengths: false });
        if (!out.ok) throw new Error(out.error);
        expect(survivors(new TextDecoder().decode(out.bytes), secrets.all)).toEqual([]);
        expect(lintKeys('events.jsonl', out.bytes)).toEqual(lintKeys('events.jsonl', jsonl));
      }),
      { numRuns: 25 },
    );
  });

  it(
    'protobuf bodies through redact: frames re-encoded, no secret in any decoded event, same findings',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(scenario, (sc) => {
          const secrets = new Secrets();
          const { events } = build(sc, secrets);
          const frames = events.map((e) => encode(e as Parameters<typeof encode>[0]));
          const body = new Uint8Array(frames.reduce((n, f) => n + 4 + f.length, 0));
          let at = 0;
          for (const f of frames) {
            new DataView(body.buffer).setUint32(at, f.length);
            body.set(f, at + 4);
            at += 4 + f.length;
          }
          // The body really carries secrets (text, names, state, arguments…).
          expect(survivors(JSON.stringify(frames.map((f) => decode(f))), secrets.all).length).toBeGreaterThan(2);
          const out = redactFile('body.bin', body, { hideLengths: false });
          if (!out.ok) throw new Error(out.error);
          expect(out.format).toBe('proto');
          const decoded: unknown[] = [];
          for (let pos = 0; pos < out.bytes.length;) {
            const length = new DataView(out.bytes.buffer, out.bytes.byteOffset).getUint32(pos);
            decoded.push(decode(out.bytes.subarray(pos + 4, pos + 4 + length)));
            pos += 4 + length;
          }
          expect(decoded).toHaveLength(events.length);
          // Numbers are binary in protobuf: look at the decoded events, and at the raw bytes for strings.
          expect(survivors(JSON.stringify(decoded), secrets.all)).toEqual([]);
          expect(survivors(new TextDecoder().decode(out.bytes), secrets.all)).toEqual([]);
          expect(lintKeys('body.bin', out.bytes)).toEqual(lintKeys('body.bin', body));
        }),
        { numRuns: 25 },
      );
    },
  );

  it('never throws on arbitrary input, and an SSE body keeps every line break where it was', () => {
    const lines = (t: string) =>
      t.split(/(\r\n|\r|\n)/).map((l, i) => (i % 2 === 1 ? l : (/^(data|event|id|retry|)(?=:)/.exec(l)?.[0] ?? '?')));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.string(), fc.json(), fc.constantFrom('\n', '\r\n', '\r', ': ping', 'event: x', 'data: ')),
          { maxLength: 20 },
        ),
        (parts) => {
          const text = `data: ${parts.join('')}`;
          const r = redactFile('x.sse', bytesOf(text), { hideLengths: false });
          if (!r.ok) return;
          expect(r.format).toBe('sse');
          const out = new TextDecoder().decode(r.bytes);
          // The same lines with the same line endings and the same field names.
          expect(lines(out)).toEqual(lines(text));
          expect(() => redactFile('x.json', bytesOf(parts.join('')), { hideLengths: true })).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });
});
