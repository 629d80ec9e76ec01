// Bytes waiting to form a frame. Chunks are kept as they arrived and copied once,
// when a whole frame is taken, so a large frame in many small chunks costs O(n).

export interface ByteQueue {
  readonly length: number;
  append(bytes: Uint8Array): void;
  /** Copy of the first `n` bytes without consuming them (n ≤ length). */
  peek(n: number): Uint8Array;
  /** Remove and return the first `n` bytes (n ≤ length). */
  take(n: number): Uint8Array;
  clear(): void;
}

export function createByteQueue(): ByteQueue {
  let chunks: Uint8Array[] = [];
  let head = 0; // bytes of chunks[0] already consumed
  let length = 0;

  function copy(n: number, consume: boolean): Uint8Array {
    const out = new Uint8Array(n);
    let written = 0;
    let index = 0;
    let offset = head;
    while (written < n) {
      const chunk = chunks[index];
      if (chunk === undefined) break;
      const count = Math.min(chunk.length - offset, n - written);
      out.set(chunk.subarray(offset, offset + count), written);
      written += count;
      offset += count;
      if (offset === chunk.length) {
        index++;
        offset = 0;
      }
    }
    if (consume) {
      chunks = chunks.slice(index);
      head = offset;
      length -= n;
    }
    return out;
  }

  return {
    get length() {
      return length;
    },
    append(bytes) {
      if (bytes.length === 0) return;
      chunks.push(bytes);
      length += bytes.length;
    },
    peek: (n) => copy(n, false),
    take: (n) => copy(n, true),
    clear() {
      chunks = [];
      head = 0;
      length = 0;
    },
  };
}
