import { describe, expect, it } from 'vitest';
import type { Capture } from '../types.js';
import { writeSession } from './session-file.js';

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
