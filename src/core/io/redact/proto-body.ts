// Redaction of an AG-UI protobuf body: each length-prefixed frame is decoded, redacted
// like its JSON form and encoded again with a new prefix. Frames that do not decode (and
// a cut-off last frame) keep their length but become zero bytes, which still fail.
// editProtoEvents: the frames' events edited (credential fields removed), the rest kept.
import { decode, encode } from '@ag-ui/proto';
import { concatBytes } from '../../bytes.js';
import type { Span } from './edits.js';
import { streamRedactor } from './events.js';
import { count, type RedactionReport, type RedactOptions } from './options.js';

const HEADER = 4;

interface Frame {
  readonly start: number;
  readonly end: number;
  readonly event: unknown;
}

function frames(bytes: Uint8Array): Frame[] {
  const out: Frame[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    if (pos + HEADER > bytes.length) {
      out.push({ start: pos, end: bytes.length, event: undefined });
      break;
    }
    const length = ((bytes[pos]! << 24) >>> 0) + (bytes[pos + 1]! << 16) + (bytes[pos + 2]! << 8) + bytes[pos + 3]!;
    const end = Math.min(bytes.length, pos + HEADER + length);
    let event: unknown;
    if (end === pos + HEADER + length) {
      try {
        event = decode(bytes.subarray(pos + HEADER, end));
      } catch {
        event = undefined;
      }
    }
    out.push({ start: pos, end, event });
    pos = end;
  }
  return out;
}

function encodeFrame(event: unknown): Uint8Array | undefined {
  try {
    const payload = encode(event as Parameters<typeof encode>[0]);
    const frame = new Uint8Array(HEADER + payload.length);
    new DataView(frame.buffer).setUint32(0, payload.length);
    frame.set(payload, HEADER);
    return frame;
  } catch {
    return undefined;
  }
}

export interface BytesResult {
  readonly bytes: Uint8Array;
  readonly spans: readonly Span[];
}

/**
 * Each decoded frame's event through `edit` (undefined: left as it is); only the frames it
 * changed are encoded again. Frames that do not decode stay byte for byte.
 */
export function editProtoEvents(bytes: Uint8Array, edit: (event: unknown, slot: number) => unknown): BytesResult {
  const parts: Uint8Array[] = [];
  const spans: Span[] = [];
  frames(bytes).forEach((f, slot) => {
    const changed = f.event === undefined ? undefined : edit(f.event, slot);
    const frame = changed === undefined ? undefined : encodeFrame(changed);
    if (frame === undefined) parts.push(bytes.subarray(f.start, f.end));
    else {
      parts.push(frame);
      spans.push({ start: f.start, end: f.end, length: frame.length });
    }
  });
  return { bytes: spans.length === 0 ? bytes : concatBytes(parts), spans };
}

export function redactProtoBytes(bytes: Uint8Array, options: RedactOptions, report: RedactionReport): BytesResult {
  const all = frames(bytes);
  const redactor = streamRedactor(
    all.map((f) => f.event),
    options,
    report,
  );
  const parts: Uint8Array[] = [];
  const spans: Span[] = [];
  all.forEach((f, slot) => {
    const original = f.end - f.start;
    let frame = f.event === undefined ? undefined : encodeFrame(redactor.value(slot, f.event));
    if (frame === undefined) {
      count(report, 'non-json');
      // The length prefix is framing, the rest may be anything: zero it.
      frame = new Uint8Array(original);
      frame.set(bytes.subarray(f.start, Math.min(f.end, f.start + HEADER)));
    }
    parts.push(frame);
    spans.push({ start: f.start, end: f.end, length: frame.length });
  });
  return { bytes: concatBytes(parts), spans };
}
