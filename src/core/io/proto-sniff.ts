// Recognises an AG-UI protobuf body: 4-byte big-endian length prefixes (as EventEncoder
// writes them) whose payloads start like a protobuf message. Text never starts with a
// NUL byte, which is what a length below 16 MiB begins with.

const MAX_FRAME = 16 * 1024 * 1024;
const FRAMES_CHECKED = 256;

export function looksLikeProto(bytes: Uint8Array): boolean {
  if (bytes.length < 5 || bytes[0] !== 0) return false;
  let pos = 0;
  for (let frames = 0; frames < FRAMES_CHECKED && pos < bytes.length; frames++) {
    if (pos + 4 > bytes.length) return frames > 0; // a cut-off prefix at the end of a truncated body
    const length = ((bytes[pos]! << 24) >>> 0) + (bytes[pos + 1]! << 16) + (bytes[pos + 2]! << 8) + bytes[pos + 3]!;
    if (length === 0 || length > MAX_FRAME) return false;
    const first = bytes[pos + 4];
    // The envelope is a oneof of messages: the first key is a length-delimited field.
    if (first !== undefined && (first & 7) !== 2) return false;
    pos += 4 + length;
  }
  return true;
}
