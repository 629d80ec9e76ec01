// A file as a sequence of byte pieces (a Node read stream, a Blob's stream, or a test's
// array), and the first megabyte of it read ahead for sniffing without losing the rest.

/**
 * Opens the file (again): the streaming loaders may read it twice (line numbers, fallback).
 * `range`, when the source can seek: the bytes [start, end) alone.
 */
export type OpenChunks = (() => AsyncIterable<Uint8Array>) & {
  readonly range?: (start: number, end: number) => AsyncIterable<Uint8Array>;
};

/** The bytes [start, end) of the file: read from there when the source can seek, else skipped to. */
export async function* readRange(open: OpenChunks, start: number, end: number): AsyncGenerator<Uint8Array> {
  if (open.range !== undefined) {
    yield* open.range(start, end);
    return;
  }
  let pos = 0;
  for await (const piece of open()) {
    const from = Math.max(start - pos, 0);
    const to = Math.min(end - pos, piece.length);
    if (to > from) yield piece.subarray(from, to);
    pos += piece.length;
    if (pos >= end) return;
  }
}

export interface Head {
  /** The first bytes (at least `want` unless the file is shorter). */
  readonly head: Uint8Array;
  /** The head is the whole file. */
  readonly complete: boolean;
  /** Every piece in order, the head's pieces first. */
  readonly pieces: AsyncIterable<Uint8Array>;
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function readHead(source: AsyncIterable<Uint8Array>, want: number): Promise<Head> {
  const it = source[Symbol.asyncIterator]();
  const first: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < want) {
    const next = await it.next();
    if (next.done === true) {
      done = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (const p of first) yield p;
    first.length = 0;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done === true) return;
      yield next.value;
    }
  }
  return { head: concat(first, length), complete: done, pieces: pieces() };
}

/** Test helper and in-memory callers: bytes served in pieces of `size`. */
export function chunksOf(bytes: Uint8Array, size: number): OpenChunks {
  return async function* () {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  };
}
