// An AG-UI protobuf body with the request's threadId/runId in its lifecycle events: each
// length-prefixed RUN_STARTED/RUN_FINISHED/RUN_ERROR frame is decoded, given the ids and
// encoded again with a new prefix; every other frame (and a cut-off tail) is kept byte for
// byte. The SSE rewrite (./rewrite-pieces.ts) patches literals in place; protobuf has none.
import { decode, encode } from '@ag-ui/proto';
import { concatBytes } from '../bytes.js';
import { LIFECYCLE_TYPES } from './id-patches.js';
import type { IdField } from './types.js';

const HEADER = 4;

function withIds(frame: Uint8Array, ids: Partial<Record<IdField, string>>): Uint8Array {
  let event: Record<string, unknown>;
  try {
    event = decode(frame.subarray(HEADER)) as unknown as Record<string, unknown>;
  } catch {
    return frame;
  }
  if (typeof event['type'] !== 'string' || !LIFECYCLE_TYPES.has(event['type'])) return frame;
  const edited = { ...event };
  for (const field of ['threadId', 'runId'] as const) {
    const id = ids[field];
    if (id !== undefined && typeof edited[field] === 'string') edited[field] = id;
  }
  try {
    const payload = encode(edited as unknown as Parameters<typeof encode>[0]);
    const out = new Uint8Array(HEADER + payload.length);
    new DataView(out.buffer).setUint32(0, payload.length);
    out.set(payload, HEADER);
    return out;
  } catch {
    return frame;
  }
}

export function protoWithRequestIds(body: Uint8Array, ids: Partial<Record<IdField, string>>): Uint8Array {
  if (ids.threadId === undefined && ids.runId === undefined) return body;
  const parts: Uint8Array[] = [];
  let pos = 0;
  while (pos + HEADER <= body.length) {
    const length = new DataView(body.buffer, body.byteOffset + pos, HEADER).getUint32(0);
    const end = pos + HEADER + length;
    if (end > body.length) break;
    parts.push(withIds(body.subarray(pos, end), ids));
    pos = end;
  }
  parts.push(body.subarray(pos));
  return concatBytes(parts);
}
