import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createBase64Decoder, decodeBase64, encodeBase64 } from './base64.js';

describe('base64', () => {
  it('matches Node for any bytes, both ways', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const expected = Buffer.from(bytes).toString('base64');
        expect(encodeBase64(bytes)).toBe(expected);
        expect(Array.from(decodeBase64(expected) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });

  it('outputs never share bytes: every decoded array kept stays as decoded, failed attempts included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.uint8Array({ maxLength: 20_000 }), fc.boolean()), { maxLength: 40 }),
        (items) => {
          const decode = createBase64Decoder();
          const kept: [Uint8Array, Uint8Array][] = [];
          for (const [bytes, alsoFail] of items) {
            // A canonical-length text that fails late (bad last group) must not disturb earlier outputs.
            if (alsoFail) expect(decode(`${encodeBase64(bytes).slice(0, -4)}!!!!`)).toBeUndefined();
            const out = decode(encodeBase64(bytes));
            expect(out).toBeDefined();
            if (out) kept.push([bytes, out]);
          }
          for (const [bytes, out] of kept) expect(Array.from(out)).toEqual(Array.from(bytes));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('round-trips any bytes: decode(encode(bytes)) is bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        expect(Array.from(decodeBase64(encodeBase64(bytes)) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });

  it('decodes the same with line breaks inserted or padding dropped', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 80 }), (bytes, width) => {
        const coded = encodeBase64(bytes);
        const wrapped = coded.replace(new RegExp(`(.{${width}})`, 'g'), '$1\r\n');
        expect(Array.from(decodeBase64(wrapped) ?? [])).toEqual(Array.from(bytes));
        expect(Array.from(decodeBase64(coded.replace(/=+$/, '')) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });

  it('knows the RFC 4648 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, coded] of vectors) {
      expect(encodeBase64(new TextEncoder().encode(plain))).toBe(coded);
      expect(new TextDecoder().decode(decodeBase64(coded))).toBe(plain);
    }
  });

  it('tolerates line breaks and missing padding', () => {
    expect(new TextDecoder().decode(decodeBase64('Zm9v\r\nYmFy'))).toBe('foobar');
    expect(new TextDecoder().decode(decodeBase64('Zm8'))).toBe('fo');
  });

  it('rejects what is not base64', () => {
    expect(decodeBase64('Zm9v!')).toBeUndefined();
    expect(decodeBase64('Zg==Zg==')).toBeUndefined();
    expect(decodeBase64('Z')).toBeUndefined();
    expect(decodeBase64('é')).toBeUndefined();
  });
});
