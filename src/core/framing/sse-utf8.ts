// Bytes of an SSE event that are not UTF-8: the decoder reads them as U+FFFD, as every
// EventSource and `@ag-ui/client` (a non-fatal TextDecoder) do, and marks the event.
import type { EventProblem } from '../events/types.js';

const STREAM: TextDecodeOptions = { stream: true };

export const INVALID_UTF8: EventProblem = {
  kind: 'invalid-utf8',
  message:
    'bytes of this event are not UTF-8: the client never sees them, it reads U+FFFD in their place (as every EventSource does); the rest of the body is still read',
};

/**
 * Whether a chunk holds bytes that are not UTF-8. Asked only when its text shows U+FFFD
 * (which a producer may also send on purpose). Continuation bytes at the start belong to a
 * character the previous chunk began, and a character cut at the end goes on in the next.
 */
export function hasInvalidUtf8(bytes: Uint8Array): boolean {
  let from = 0;
  while (from < 3 && from < bytes.length && ((bytes[from] as number) & 0xc0) === 0x80) from++;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(from), STREAM);
    return false;
  } catch {
    return true;
  }
}
