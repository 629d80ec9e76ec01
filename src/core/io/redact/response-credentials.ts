// Credentials inside a response's events (a STATE_SNAPSHOT's `apiKey`, a CUSTOM event's
// `sessionToken`): every non-empty string under a key the credential-name list names
// (./credential-names.ts, as for request bodies, headers and query parameters) becomes
// "[redacted]" and is listed, in plain exports too. Only that string's bytes change:
// framing, chunk cut points and every other byte stay, so the findings stay at the same
// events. A protobuf body's events are decoded, and the frames with a credential encoded
// again; a string holding JSON (a tool result's content) has its own credential fields removed.
import type { StreamOpenInfo } from '../../capture.js';
import type { CapturedChunk } from '../../model/types.js';
import { editSsePieces, protoPiecesWithoutCredentials } from './body.js';
import { looksLikeJson, pathOf, scrub } from './body-credentials.js';
import { isCredentialName, REDACTED } from './credentials.js';
import { applyEdits, type Edit } from './edits.js';
import { decodeKey, type LexFrame, punctuate, stringEnd } from './json-lex.js';
import { credential, type RedactionReport } from './options.js';
import { sseDataEdits } from './sse-body.js';

interface Frame extends LexFrame {
  readonly path: string;
}

function decoded(raw: string): string | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

const REPLACEMENT = JSON.stringify(REDACTED);

/**
 * Edits replacing each credential string value in a JSON text, listed at `where` + its
 * path (at `where` itself when `paths` is false — strict redaction: a path names keys,
 * which may be personal). Lexical: the text is not re-serialised, and JSON that does not
 * parse is walked as far as it goes.
 */
export function credentialEdits(text: string, where: string, report: RedactionReport, paths = true): Edit[] {
  const edits: Edit[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      const path =
        top === undefined ? where : top.array ? `${top.path}[${top.index}]` : pathOf(top.path, top.key ?? '');
      stack.push({ array: c === '[', path, key: undefined, index: 0, expectKey: c === '{' });
      i++;
    } else if (c === '}' || c === ']' || c === ':' || c === ',') {
      punctuate(c, stack);
      i++;
    } else if (c === '"') {
      const { end, closed } = stringEnd(text, i);
      const raw = text.slice(i, end);
      if (top !== undefined && !top.array && top.expectKey) {
        top.key = decodeKey(raw, closed);
        top.expectKey = false;
      } else if (top !== undefined && closed) {
        const at = top.array ? `${top.path}[${top.index}]` : pathOf(top.path, top.key ?? '');
        const value = decoded(raw);
        if (value === undefined || value === '' || value === REDACTED) {
          // nothing to remove
        } else if (!top.array && top.key !== undefined && isCredentialName(top.key)) {
          credential(report, 'credential-field', paths ? at : where);
          edits.push({ start: i, end, text: REPLACEMENT });
        } else if (looksLikeJson(value)) {
          // JSON inside the string (a tool result's content): its own credential fields go.
          const inner = credentialEdits(value, paths ? at : where, report, paths);
          if (inner.length > 0) edits.push({ start: i, end, text: JSON.stringify(applyEdits(value, inner)) });
        }
      }
      i = end;
    } else i++;
  }
  return edits;
}

/**
 * A stream's chunks with credential fields of its events replaced, each listed at
 * `${where}.events[n]…` (n: the event's place among the stream's events, from 0).
 * The chunks themselves when there are none.
 */
export function removeResponseCredentials(
  open: StreamOpenInfo,
  chunks: readonly CapturedChunk[],
  where: string,
  report: RedactionReport,
  paths = true,
): readonly CapturedChunk[] {
  const bytes = chunks.flatMap((c) => (c.kind === 'bytes' ? [c.data] : []));
  const edited =
    bytes.length === 0
      ? []
      : open.encoding === 'proto'
        ? protoPiecesWithoutCredentials(bytes, where, report, paths)
        : editSsePieces(
            bytes,
            (text) =>
              sseDataEdits(text, (slot, json) => credentialEdits(json, `${where}.events[${slot}]`, report, paths)),
            true,
          );
  let b = 0;
  let slot = 0;
  let changed = false;
  const out = chunks.map((c): CapturedChunk => {
    if (c.kind === 'bytes') {
      const data = edited[b++] ?? c.data;
      changed ||= data !== c.data;
      return data === c.data ? c : { ...c, data };
    }
    const at = `${where}.events[${slot++}]`;
    if (c.kind === 'event') {
      const r = scrub(c.event, at, report, paths);
      changed ||= r.changed;
      return r.changed ? { ...c, event: r.value } : c;
    }
    const edits = credentialEdits(c.message.data, at, report, paths);
    if (edits.length === 0) return c;
    changed = true;
    return { ...c, message: { ...c.message, data: applyEdits(c.message.data, edits) } };
  });
  return changed ? out : chunks;
}
