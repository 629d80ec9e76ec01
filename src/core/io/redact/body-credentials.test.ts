import { describe, expect, it } from 'vitest';
import type { Capture } from '../types.js';
import { writeSession } from './session-file.js';
import { allText, lintKeys } from './redact.test-helper.js';
import { chunkToFile, endToFile, openToFile } from '../session-chunk.js';
import { SESSION_FORMAT, SESSION_VERSION, type SessionFileV1 } from '../session-format.js';
import { serializeSession } from '../session-serialize.js';

// A RunAgentInput carrying credentials in its body: every export removes them by the same
// name list as headers and query strings, and lists each one where it was.
const input = {
  threadId: 't',
  runId: 'r',
  forwardedProps: { apiKey: 'SECRET-APIKEY', scenario: 'demo', nested: { sessionToken: 'SECRET-NESTED' } },
  context: [{ description: 'auth', value: 'kept: not under a credential key' }, { x_auth: 'SECRET-CTX' }],
  tools: [
    {
      name: 'call_api',
      description: 'd',
      // A schema describing a parameter named apiKey is structure, not a credential.
      parameters: { type: 'object', properties: { apiKey: { type: 'string' } } },
    },
  ],
  messages: [],
  state: {},
};
const capture: Capture = {
  open: {
    streamId: 's1',
    transport: 'fetch',
    encoding: 'sse',
    url: 'https://app.test/agent?token=SECRET-Q',
    method: 'POST',
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: JSON.stringify(input),
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 1,
  },
  pieces: [
    {
      t: 2,
      kind: 'bytes',
      data: new TextEncoder().encode('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n'),
    },
  ],
};
const META = { exportedAt: 1, extensionVersion: 'test' };

interface FileShape {
  streams: { open: { requestBody: string } }[];
  credentialsRemoved: string[];
}

describe('credentials in request bodies', () => {
  it('a plain export removes and lists every credential field, keeping the rest of the body', () => {
    const file = JSON.parse(writeSession([capture], META, [], undefined).text) as FileShape;
    const text = file.streams[0]!.open.requestBody;
    expect(text).not.toMatch(/SECRET/);
    const body = JSON.parse(text) as typeof input;
    expect(body.forwardedProps).toEqual({
      apiKey: '[redacted]',
      scenario: 'demo',
      nested: { sessionToken: '[redacted]' },
    });
    expect(body.context[0]).toEqual(input.context[0]);
    expect(body.tools).toEqual(input.tools);
    expect(file.credentialsRemoved).toEqual(
      expect.arrayContaining([
        'streams[0].open.requestBody.forwardedProps.apiKey',
        'streams[0].open.requestBody.forwardedProps.nested.sessionToken',
        'streams[0].open.requestBody.context[1].x_auth',
      ]),
    );
    // The URL token is still listed too: one list, every removal.
    expect(file.credentialsRemoved.some((w) => w.includes('url'))).toBe(true);
  });

  it('a redacted export lists the same fields', () => {
    const written = writeSession([capture], META, [], { hideLengths: false });
    const file = JSON.parse(written.text) as FileShape;
    expect(file.streams[0]!.open.requestBody).not.toMatch(/SECRET/);
    expect(file.credentialsRemoved).toContain('streams[0].open.requestBody.forwardedProps.apiKey');
    expect(written.report.counts['credential-field']).toBe(3);
  });

  it('leaves a body without credentials byte for byte', () => {
    const body = '{ "threadId": "t",  "forwardedProps": {"mode": "x"} }';
    const plain = writeSession([{ ...capture, open: { ...capture.open, requestBody: body } }], META, [], undefined);
    expect((JSON.parse(plain.text) as FileShape).streams[0]!.open.requestBody).toBe(body);
  });
});

// A response whose events carry credentials: a STATE_SNAPSHOT's apiKey cut across network
// pieces, a CUSTOM event's nested token. Plain and redacted exports remove each one and
// list it at its event; framing, chunk times and the findings at each event stay.
const responseFrames = [
  '{"type":"RUN_STARTED","threadId":"t","runId":"r"}',
  '{"type":"STATE_SNAPSHOT","snapshot":{"apiKey":"SECRET-RESP-KEY","city":"kept","list":[{"password":"SECRET-PW"}]}}',
  '{"type":"CUSTOM","name":"auth","value":{"sessionToken":"SECRET-TOKEN","authMode":""}}',
  // An unclosed message: the finding it raises must stay where it is.
  '{"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}',
  '{"type":"RUN_FINISHED","threadId":"t","runId":"r"}',
];
const responseBody = new TextEncoder().encode(responseFrames.map((f) => `data: ${f}\r\n\r\n`).join(''));
const cut = (bytes: Uint8Array, at: readonly number[]) =>
  [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length));
const cuts = [30, 101, 140, 180];
const responseCapture: Capture = {
  open: { ...capture.open, url: 'https://app.test/agent', requestBody: '{"threadId":"t"}' },
  pieces: cut(responseBody, cuts).map((data, i) => ({ t: 10 + i, kind: 'bytes' as const, data })),
  end: { reason: 'complete', t: 20 },
};
const eventsCapture: Capture = {
  open: { ...responseCapture.open, streamId: 's2', encoding: 'events' },
  pieces: responseFrames.map((f, i) => ({ t: 30 + i, kind: 'event' as const, event: JSON.parse(f) as unknown })),
  end: { reason: 'complete', t: 40 },
};

interface ChunkFile {
  t: number;
  dataBase64?: string;
  data?: string;
  event?: unknown;
}

function chunkText(c: ChunkFile): string {
  if (c.dataBase64 !== undefined) return Buffer.from(c.dataBase64, 'base64').toString('utf8');
  return c.data ?? JSON.stringify(c.event);
}

describe('credentials in response events', () => {
  const expected = [
    'streams[0].events[1].snapshot.apiKey',
    'streams[0].events[1].snapshot.list[0].password',
    'streams[0].events[2].value.sessionToken',
    'streams[1].events[1].snapshot.apiKey',
    'streams[1].events[1].snapshot.list[0].password',
    'streams[1].events[2].value.sessionToken',
  ];

  it('a plain export removes and lists every one, keeping framing, chunk times and findings', () => {
    const text = writeSession([responseCapture, eventsCapture], META, [], undefined).text;
    expect(allText(text)).not.toMatch(/SECRET/);
    const file = JSON.parse(text) as { credentialsRemoved: string[]; streams: { chunks: ChunkFile[] }[] };
    expect(file.credentialsRemoved).toEqual(expected);
    const sse = file.streams[0]!.chunks;
    expect(sse.map((c) => c.t)).toEqual(responseCapture.pieces.map((p) => p.t));
    const joined = sse.map(chunkText).join('');
    // Only the credential values changed: everything else is byte for byte.
    const original = new TextDecoder().decode(responseBody);
    expect(joined).toBe(
      original
        .replace('"SECRET-RESP-KEY"', '"[redacted]"')
        .replace('"SECRET-PW"', '"[redacted]"')
        .replace('"SECRET-TOKEN"', '"[redacted]"'),
    );
    expect(joined).toContain('"city":"kept"');
    expect(joined).toContain('"authMode":""');
    const events = file.streams[1]!.chunks.map((c) => c.event);
    expect(events[1]).toEqual({
      type: 'STATE_SNAPSHOT',
      snapshot: { apiKey: '[redacted]', city: 'kept', list: [{ password: '[redacted]' }] },
    });
    // The same findings at the same events as the captures themselves give.
    const before = writeSession([responseCapture, eventsCapture], META, [], undefined);
    expect(lintKeys('a.json', new TextEncoder().encode(before.text))).toEqual(lintKeys('b.json', unredacted()));
    expect(lintKeys('a.json', new TextEncoder().encode(before.text)).length).toBeGreaterThan(0);
  });

  it('a redacted export lists the same removals', () => {
    const written = writeSession([responseCapture, eventsCapture], META, [], { hideLengths: false });
    expect(allText(written.text)).not.toMatch(/SECRET/);
    const file = JSON.parse(written.text) as { credentialsRemoved: string[] };
    expect(file.credentialsRemoved).toEqual(expected);
    expect(lintKeys('r.json', new TextEncoder().encode(written.text))).toEqual(lintKeys('b.json', unredacted()));
  });
});

/** The captures as a session file with nothing removed: what the findings are compared with. */
function unredacted(): Uint8Array {
  const file: SessionFileV1 = {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    ...META,
    redacted: false,
    streams: [responseCapture, eventsCapture].map((c) => ({
      open: openToFile(c.open),
      ...(c.end !== undefined ? { end: endToFile(c.end) } : {}),
      chunks: c.pieces.map(chunkToFile),
    })),
    findings: [],
  };
  const bytes = new TextEncoder().encode(serializeSession(file));
  expect(new TextDecoder().decode(bytes)).toContain('SECRET');
  return bytes;
}
