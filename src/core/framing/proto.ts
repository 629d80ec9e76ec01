// AG-UI protobuf framing: a 4-byte big-endian length, then that many bytes of one
// ag_ui.Event. Decoding is @ag-ui/proto's; the decoded object then goes through the
// same field checks as JSON so both transports reach the same verdict. One limit no
// check can lift: proto3 has no "absent" for a plain string, so a required string the
// producer left out decodes as "" and passes where the JSON path says malformed.
// Push does not copy: give it buffers that are not reused afterwards.
import { AGUIUnknownEventTypeError, decode } from '@ag-ui/proto';
import type { EventProblem, RawEvent } from '../events/types.js';
import { decodeEventValue, makeRawEvent, previewText, type DecodedPayload } from '../events/decode.js';
import type { FrameDecoder } from './types.js';
import { createByteQueue } from './byte-queue.js';
import type { DroppedSse } from './sse-drops.js';

/** A protobuf body has no lines a parser could skip. */
const NO_DROPS: readonly DroppedSse[] = [];

const HEADER = 4;
/** Longer frames are taken as garbage (or another protocol) rather than allocated. */
export const MAX_PROTO_FRAME = 64 * 1024 * 1024;

function readLength(header: Uint8Array): number {
  // Bytes, not DataView: keeps the arithmetic unsigned for lengths ≥ 2^31.
  return (((header[0] ?? 0) << 24) >>> 0) + ((header[1] ?? 0) << 16) + ((header[2] ?? 0) << 8) + (header[3] ?? 0);
}

function problemOnly(problem: EventProblem): DecodedPayload {
  return { type: '', payload: undefined, problems: [problem] };
}

export function decodeProtoFrame(frame: Uint8Array): DecodedPayload {
  let value: unknown;
  try {
    value = decode(frame);
  } catch (error) {
    const message = previewText(error instanceof Error ? error.message : String(error), 300);
    if (error instanceof AGUIUnknownEventTypeError) {
      // An arm from a later protocol: the 1.0 client drops it, like an unknown SSE type.
      return problemOnly({
        kind: 'unknown-type',
        message: `protobuf frame holds an event type this decoder does not know (${message})`,
      });
    }
    return problemOnly({
      kind: 'malformed',
      field: '(frame)',
      message: `protobuf frame of ${frame.length} bytes does not decode as ag_ui.Event: ${message}`,
    });
  }
  return decodeEventValue(value);
}

export function createProtoDecoder(streamId: string): FrameDecoder {
  const queue = createByteQueue();
  let total = 0;
  let consumed = 0; // stream offset of the queue's first byte
  let nextIndex = 0;
  let stopped = false;
  let ended = false;

  /** The rest of the stream, from the first byte not framed, as one truncated-frame problem. */
  function cut(out: RawEvent[], t: number, message: string): void {
    out.push(
      makeRawEvent(
        streamId,
        nextIndex++,
        t,
        { start: consumed, end: total },
        problemOnly({ kind: 'truncated-frame', message }),
      ),
    );
    queue.clear();
  }

  function drain(out: RawEvent[], t: number): void {
    while (!stopped && queue.length >= HEADER) {
      const length = readLength(queue.peek(HEADER));
      if (length > MAX_PROTO_FRAME) {
        // Nothing after an absurd length can be framed again: report once and stop.
        stopped = true;
        const message = `frame header at byte ${consumed} declares ${length} bytes (limit ${MAX_PROTO_FRAME}); not AG-UI protobuf framing, decoding stopped`;
        cut(out, t, message);
        return;
      }
      if (queue.length < HEADER + length) return;
      const frame = queue.take(HEADER + length).subarray(HEADER);
      const start = consumed;
      consumed += HEADER + length;
      out.push(makeRawEvent(streamId, nextIndex++, t, { start, end: consumed }, decodeProtoFrame(frame)));
    }
  }

  function push(bytes: Uint8Array, t: number): RawEvent[] {
    const out: RawEvent[] = [];
    if (ended || bytes.length === 0) return out;
    total += bytes.length;
    if (stopped) return out;
    queue.append(bytes);
    drain(out, t);
    return out;
  }

  function end(t: number): RawEvent[] {
    const out: RawEvent[] = [];
    if (ended) return out;
    ended = true;
    if (stopped || queue.length === 0) return out;
    const have = queue.length;
    const message =
      have < HEADER
        ? `stream ended inside a frame's 4-byte length prefix (${have} byte${have === 1 ? '' : 's'})`
        : `stream ended inside a frame: header declares ${readLength(queue.peek(HEADER))} bytes, ${have - HEADER} arrived`;
    cut(out, t, message);
    return out;
  }

  return {
    push,
    end,
    takeDropped: () => NO_DROPS,
    lineEnding: 'none',
    get bytes() {
      return total;
    },
  };
}
