// A relayed chunk's bytes, whichever form it travelled in: bytes (read from a ChunkBlob),
// text (valid UTF-8, encoded back exactly) or base64. Undefined when base64 does not decode (counted by callers).
import { decodeBase64 } from '../core/io/base64.js';
import type { RelayMessage } from './messages.js';

type RelayedChunk = Extract<RelayMessage, { readonly kind: 'stream-chunk' }>;

const utf8 = new TextEncoder();

/** `decode` is the base64 decoder to use (the panel passes its slab decoder). */
export function chunkBytes(msg: RelayedChunk, decode = decodeBase64): Uint8Array | undefined {
  if ('bytes' in msg) return msg.bytes;
  return 'text' in msg ? utf8.encode(msg.text) : decode(msg.base64);
}
