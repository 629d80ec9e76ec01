// A body with bytes that are not UTF-8 is read by lint (sse/invalid-utf8 at its events), so
// redact reads it too: it is redacted, not refused, and its copy lints the same.
import { describe, expect, it } from 'vitest';
import { redactFile } from './redact-file.js';
import { lintKeys } from './redact.test-helper.js';

const encoder = new TextEncoder();
const bytesOf = (...parts: (string | number[])[]): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

// A lone continuation byte and a cut 3-byte sequence inside the secret text of event 1.
const BODY = bytesOf(
  'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n',
  'data: {"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}\n\n',
  'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"SECRET-',
  [0x80],
  'TEXT-',
  [0xe2, 0x82],
  '"}\n\n',
  'data: {"type":"TEXT_MESSAGE_END","messageId":"m"}\n\n',
  'data: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n',
);

describe('redact on a body that is not all UTF-8', () => {
  for (const [level, options] of [
    ['masked', { hideLengths: false }],
    ['lengths hidden', { hideLengths: true }],
    ['strict', { hideLengths: false, strict: true }],
  ] as const) {
    it(`${level}: redacts it as SSE, with the same findings and no secret`, () => {
      const before = lintKeys('body.sse', BODY);
      expect(before).toContain('sse/invalid-utf8@0#2');
      const result = redactFile('body.sse', BODY, options);
      if (!result.ok) throw new Error(result.error);
      expect(result.format).toBe('sse');
      expect(lintKeys('body.sse', result.bytes)).toEqual(before);
      const text = new TextDecoder().decode(result.bytes);
      expect(text).not.toContain('SECRET');
      expect(text).not.toContain('TEXT-');
    });
  }

  it('still refuses bytes that are no event stream', () => {
    const result = redactFile('blob.bin', Uint8Array.from([0x7b, 0xff, 0xfe, 0x00, 0x01]), { hideLengths: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/binary data/);
  });
});
