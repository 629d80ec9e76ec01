import { describe, expect, it } from 'vitest';

describe('byte arrays in toEqual (test/setup/byte-equality.ts)', () => {
  it('are equal when their bytes are, however they view their buffers', () => {
    const backing = new Uint8Array([9, 1, 2, 3, 9]);
    expect(backing.subarray(1, 4)).toEqual(new Uint8Array([1, 2, 3]));
    expect(Buffer.from('abc')).toEqual(Buffer.from([97, 98, 99]));
  });

  it('differ on one byte, on length, and on a byte array against a plain array', () => {
    const bytes = new Uint8Array(1 << 20).fill(7);
    const other = bytes.slice();
    other[700_000] = 8;
    expect(bytes).not.toEqual(other);
    expect(bytes).not.toEqual(bytes.subarray(1));
    expect(new Uint8Array([1, 2])).not.toEqual(new Uint8Array([1, 2, 0]));
    expect(() => expect(new Uint8Array([1, 2])).toEqual(new Uint8Array([1, 3]))).toThrow();
  });

  it('keep toStrictEqual telling a Buffer from a Uint8Array', () => {
    expect(Buffer.from([1, 2])).not.toStrictEqual(new Uint8Array([1, 2]));
  });
});
