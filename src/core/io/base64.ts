// Base64 in plain TypeScript: the core may not use Buffer (Node) or atob (DOM), and
// HAR bodies and session exports carry bytes as base64.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// 256 entries so any code below 256 indexes inside the table (codes ≥ 256 are checked).
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
// Accept the URL-safe alphabet too: some tools write it and it costs nothing.
DECODE['-'.charCodeAt(0)] = 62;
DECODE['_'.charCodeAt(0)] = 63;

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    line +=
      ALPHABET[(n >> 18) & 63]! +
      ALPHABET[(n >> 12) & 63]! +
      (i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=') +
      (i + 2 < bytes.length ? ALPHABET[n & 63]! : '=');
    // Flush periodically so huge inputs do not build one ever-growing rope.
    if (line.length >= 8192) {
      parts.push(line);
      line = '';
    }
  }
  parts.push(line);
  return parts.join('');
}

/** Decodes base64 (whitespace and missing padding tolerated); undefined when invalid. */
export function decodeBase64(text: string): Uint8Array | undefined {
  // Fast path: canonical base64 (no whitespace, padding only at the end) decodes in
  // one pass straight into the output; anything else takes the tolerant path below.
  return decodeCanonical(text, undefined) ?? decodeTolerant(text);
}

/**
 * A decoder for many small pieces (the panel decodes one per captured chunk): outputs
 * are carved from slabs this decoder owns (see Slabs below).
 */
export function createBase64Decoder(): (text: string) => Uint8Array | undefined {
  const slabs: Slabs = { slab: new Uint8Array(0), used: 0 };
  return (text) => decodeCanonical(text, slabs) ?? decodeTolerant(text);
}

// Outputs are carved from shared slabs, as Node's Buffer pool does: a typed array over
// 64 bytes gets its own off-heap backing store, which costs more (~1.4 µs) than
// decoding a whole SSE event, and the panel decodes one per captured chunk. A view on
// a slab costs ~60 ns. Callers get a Uint8Array of exactly the decoded bytes and no
// space is ever handed out twice; its `.buffer` is shared, so never transfer it.
const SLAB_BYTES = 64 * 1024;
const OWN_BUFFER_FROM = 8 * 1024;

interface Slabs {
  slab: Uint8Array;
  used: number;
}

/** Room for `size` bytes at the slab's free end; the caller advances `used` to keep it. */
function reserve(slabs: Slabs, size: number): Uint8Array {
  if (slabs.used + size > slabs.slab.length) {
    slabs.slab = new Uint8Array(SLAB_BYTES);
    slabs.used = 0;
  }
  // The constructor, not subarray(): in Chrome it is ~3x cheaper (no species lookup).
  return new Uint8Array(slabs.slab.buffer, slabs.used, size);
}

/** One pass over 4-char groups; undefined when the text is not canonical (the caller falls back). */
function decodeCanonical(text: string, slabs: Slabs | undefined): Uint8Array | undefined {
  const len = text.length;
  if (len % 4 !== 0) return undefined;
  let pad = 0;
  if (len > 0 && text.charCodeAt(len - 1) === 0x3d) pad = text.charCodeAt(len - 2) === 0x3d ? 2 : 1;
  // Slab space is committed only once the text proved canonical, so a failed attempt
  // leaves nothing handed out.
  const size = (len / 4) * 3 - pad;
  const pooled = slabs !== undefined && size < OWN_BUFFER_FROM;
  const out = pooled ? reserve(slabs, size) : new Uint8Array(size);
  const table = DECODE;
  const full = pad > 0 ? len - 4 : len;
  let o = 0;
  for (let i = 0; i < full; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    // Codes past the table would read undefined (which | turns into 0): reject them first.
    if ((c0 | c1 | c2 | c3) > 255) return undefined;
    const v0 = table[c0]!;
    const v1 = table[c1]!;
    const v2 = table[c2]!;
    const v3 = table[c3]!;
    if ((v0 | v1 | v2 | v3) < 0) return undefined;
    const n = (v0 << 18) | (v1 << 12) | (v2 << 6) | v3;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  if (pad > 0) {
    const c0 = text.charCodeAt(full);
    const c1 = text.charCodeAt(full + 1);
    const c2 = pad === 1 ? text.charCodeAt(full + 2) : 0x41;
    if ((c0 | c1 | c2) > 255) return undefined;
    const v0 = table[c0]!;
    const v1 = table[c1]!;
    const v2 = table[c2]!;
    if ((v0 | v1 | v2) < 0) return undefined;
    const n = (v0 << 18) | (v1 << 12) | (v2 << 6);
    out[o++] = n >> 16;
    if (pad === 1) out[o++] = (n >> 8) & 255;
  }
  if (pooled) slabs.used += size;
  return out;
}

function decodeTolerant(text: string): Uint8Array | undefined {
  const values = new Uint8Array(text.length);
  let count = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d) {
      padding++;
      continue;
    }
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    // Data after padding is not base64.
    if (padding > 0) return undefined;
    const v = code < 128 ? (DECODE[code] ?? -1) : -1;
    if (v < 0) return undefined;
    values[count++] = v;
  }
  if (padding > 2 || count % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((count * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < count; i += 4) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (values[i + 2]! << 6) | values[i + 3]!;
    out[o++] = (n >> 16) & 255;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = count - i;
  if (rest === 2) {
    out[o++] = ((values[i]! << 2) | (values[i + 1]! >> 4)) & 255;
  } else if (rest === 3) {
    const n = (values[i]! << 10) | (values[i + 1]! << 4) | (values[i + 2]! >> 2);
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  return out;
}
