// A body that arrived in pieces (network chunks) is redacted as a whole and cut again
// where the pieces ended, so arrival times stay with the same material. Credential
// fields of a protobuf body's events are removed here too (SSE: ./response-credentials.ts).
import { concatBytes } from '../../bytes.js';
import { applyEdits, offsetMapper, spansOf, type Edit } from './edits.js';
import type { RedactionReport, RedactOptions } from './options.js';
import { scrub } from './body-credentials.js';
import { editProtoEvents, redactProtoBytes, type BytesResult } from './proto-body.js';
import { redactSseText } from './sse-body.js';

/** Redacts an SSE body; returns pieces cut where the given pieces were. */
export function redactSsePieces(
  pieces: readonly Uint8Array[],
  options: RedactOptions,
  report: RedactionReport,
  encode?: (text: string) => Uint8Array,
): Uint8Array[] {
  return editSsePieces(pieces, (text) => redactSseText(text, options, report), false, encode);
}

/**
 * An SSE body edited as one text; pieces cut where the given pieces were. With
 * `keepUnedited`, a body with no edit comes back as the same pieces, byte for byte.
 */
export function editSsePieces(
  pieces: readonly Uint8Array[],
  editsOf: (text: string) => Edit[],
  keepUnedited = false,
  encode: (text: string) => Uint8Array = (text) => new TextEncoder().encode(text),
): Uint8Array[] {
  // Decode piece by piece to learn where each ends in UTF-16 units (a character split
  // across pieces belongs to the piece that completes it).
  const decoder = new TextDecoder('utf-8');
  const ends: number[] = [];
  let text = '';
  pieces.forEach((p, i) => {
    text += decoder.decode(p, { stream: i < pieces.length - 1 });
    ends.push(text.length);
  });
  const edits = editsOf(text);
  if (keepUnedited && edits.length === 0) return [...pieces];
  const redacted = applyEdits(text, edits);
  const map = offsetMapper(spansOf(edits));
  let from = 0;
  return ends.map((end) => {
    const to = map(end);
    const piece = encode(redacted.slice(from, to));
    from = to;
    return piece;
  });
}

export function redactProtoPieces(
  pieces: readonly Uint8Array[],
  options: RedactOptions,
  report: RedactionReport,
): Uint8Array[] {
  return recut(pieces, redactProtoBytes(concatBytes(pieces), options, report));
}

/**
 * A protobuf body with the credential fields of its events replaced (./body-credentials.ts),
 * each listed at `${where}.events[n]…`; pieces cut where the given pieces were. The pieces
 * themselves when there are none.
 */
export function protoPiecesWithoutCredentials(
  pieces: readonly Uint8Array[],
  where: string,
  report: RedactionReport,
  paths: boolean,
): readonly Uint8Array[] {
  const edited = editProtoEvents(concatBytes(pieces), (event, slot) => {
    const r = scrub(event, `${where}.events[${slot}]`, report, paths);
    return r.changed ? r.value : undefined;
  });
  return edited.spans.length === 0 ? pieces : recut(pieces, edited);
}

/** Edited bytes cut again where the original pieces ended (a cut inside an edit keeps its distance from its start). */
function recut(pieces: readonly Uint8Array[], { bytes, spans }: BytesResult): Uint8Array[] {
  const map = offsetMapper(spans);
  let from = 0;
  let offset = 0;
  return pieces.map((p) => {
    offset += p.length;
    const to = map(offset);
    const piece = bytes.slice(from, to);
    from = to;
    return piece;
  });
}

export function redactSseBytes(
  bytes: Uint8Array,
  options: RedactOptions,
  report: RedactionReport,
  encode?: (text: string) => Uint8Array,
): Uint8Array {
  return redactSsePieces([bytes], options, report, encode)[0] ?? new Uint8Array();
}
