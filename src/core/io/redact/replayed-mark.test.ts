import { describe, expect, it } from 'vitest';
import type { Capture } from '../types.js';
import { redactFile } from './redact-file.js';
import { writeSession } from './session-file.js';

// A replayed stream's mark says which armed replay answered it and from what: it is not
// data of the app, so a redacted export keeps it and a re-import still shows "replayed".
const replayed = { source: 'customer.har #2', armId: 'arm-1', index: 1 };
const capture: Capture = {
  open: {
    streamId: 's1',
    transport: 'fetch',
    encoding: 'sse',
    url: 'https://app.test/agent?key=SECRET-Q',
    method: 'POST',
    requestHeaders: { authorization: 'Bearer SECRET-H' },
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 1,
    replayed,
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
const openOf = (text: string): Record<string, unknown> =>
  (JSON.parse(text) as { streams: { open: Record<string, unknown> }[] }).streams[0]?.open ?? {};

describe('the replayed mark in exports', () => {
  it('survives a plain and a redacted export, and redacting the exported file again', () => {
    expect(openOf(writeSession([capture], META, [], undefined).text)['replayed']).toEqual(replayed);
    const redacted = writeSession([capture], META, [], { hideLengths: true }).text;
    expect(redacted).not.toContain('SECRET-H');
    expect(openOf(redacted)['replayed']).toEqual(replayed);
    const plain = writeSession([capture], META, [], undefined).text;
    const again = redactFile('s.json', new TextEncoder().encode(plain), { hideLengths: false });
    expect(again.ok).toBe(true);
    if (again.ok) expect(openOf(new TextDecoder().decode(again.bytes))['replayed']).toEqual(replayed);
  });

  it('keeps the recorded URL, redacted like every URL, and reads it back', () => {
    const withUrl: Capture = {
      ...capture,
      open: { ...capture.open, replayed: { ...replayed, recordedUrl: 'https://customer.example/agent?key=SECRET-R' } },
    };
    const plain = openOf(writeSession([withUrl], META, [], undefined).text)['replayed'] as Record<string, unknown>;
    // Even a plain export removes credentials, here as from the stream's own URL.
    expect(plain['recordedUrl']).toBe('https://customer.example/agent?key=[redacted]');
    const redacted = writeSession([withUrl], META, [], { hideLengths: true }).text;
    expect(redacted).not.toContain('SECRET-R');
    const mark = openOf(redacted)['replayed'] as Record<string, unknown>;
    expect(mark['source']).toBe(replayed.source);
    expect(String(mark['recordedUrl'])).toMatch(/^https:\/\/customer\.example\/agent/);
  });

  it('strict: the replayed file and run become pseudonyms; the mark still reads back as replayed', () => {
    const source = { ...replayed, source: 'acme-customer.har · run-ann-7' };
    const strict = writeSession([{ ...capture, open: { ...capture.open, replayed: source } }], META, [], {
      hideLengths: false,
      strict: true,
    }).text;
    expect(strict).not.toMatch(/acme-customer|run-ann-7/);
    const mark = openOf(strict)['replayed'] as Record<string, unknown>;
    expect(mark['source']).toMatch(/^file-\d+ · run-\d+$/);
    expect(mark['armId']).toBe(replayed.armId);
  });
});
