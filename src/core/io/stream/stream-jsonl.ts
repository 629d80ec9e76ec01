// A JSONL events file fed to an inspector line by line as it is read: the same stream,
// events, times and notes as loadJsonl + feedCaptures, without holding the file. A file
// that is not strictly UTF-8 answers 'whole' (the whole-file loader says what it is).
import type { Inspector } from '../../inspector.js';
import { openFor } from '../raw-body.js';
import { isRecord, num, parseJson } from '../text.js';

export type JsonlFeed =
  { readonly ok: true; readonly notes: readonly string[] } | { readonly ok: false; readonly error: string };

/** One line of a JSONL file that is not blank: its event and arrival time, or why it is not JSON. */
export type JsonlRecord =
  | { readonly ok: true; readonly event: unknown; readonly t: number }
  | { readonly ok: false; readonly line: number; readonly message: string };

class NotUtf8 extends Error {}

/**
 * The file's records in order, as loadJsonl reads them (a BOM dropped, lines split at LF
 * and trimmed, times from the events' own stamps kept monotonic as eventsCapture keeps
 * them). Throws NotUtf8 on bytes that are not strictly UTF-8.
 */
export async function* jsonlRecords(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<JsonlRecord> {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let lineNo = 0;
  let t = 0;
  let carry = '';
  let first = true;
  const record = (raw: string): JsonlRecord | undefined => {
    lineNo++;
    const text = raw.trim();
    if (text === '') return undefined;
    const parsed = parseJson(text);
    if (!parsed.ok) return { ok: false, line: lineNo, message: parsed.message };
    const stamp = isRecord(parsed.value) ? num(parsed.value['timestamp']) : undefined;
    if (stamp !== undefined && stamp > t) t = stamp;
    return { ok: true, event: parsed.value, t };
  };
  const decode = (piece: Uint8Array | undefined): string => {
    try {
      return piece === undefined ? strict.decode() : strict.decode(piece, { stream: true });
    } catch {
      throw new NotUtf8();
    }
  };
  const lines = function* (text: string): Generator<JsonlRecord> {
    let from = 0;
    if (first && text !== '') {
      if (text.charCodeAt(0) === 0xfeff) from = 1;
      first = false;
    }
    const joined = carry + text.slice(from);
    let at = 0;
    for (let eol = joined.indexOf('\n'); eol >= 0; eol = joined.indexOf('\n', at)) {
      const r = record(joined.slice(at, eol));
      if (r !== undefined) yield r;
      at = eol + 1;
    }
    carry = joined.slice(at);
  };
  for await (const piece of pieces) yield* lines(decode(piece));
  yield* lines(decode(undefined));
  const last = record(carry);
  if (last !== undefined) yield last;
}

const SHOWN = 5;

/** What feedJsonl (and serve's index) say of a JSONL file's lines: the verdict and notes. */
export interface JsonlTally {
  /** Counts the record; true when it is an event to feed. */
  add(r: JsonlRecord): r is JsonlRecord & { readonly ok: true };
  verdict(): JsonlFeed;
}

export function jsonlTally(name: string): JsonlTally {
  const bad: string[] = [];
  let badCount = 0;
  let typed = false;
  return {
    add(r): r is JsonlRecord & { readonly ok: true } {
      if (!r.ok) {
        if (badCount++ < SHOWN) bad.push(`line ${r.line} (${r.message})`);
        return false;
      }
      typed ||= isRecord(r.event) && typeof r.event['type'] === 'string';
      return true;
    },
    verdict() {
      if (!typed) {
        return {
          ok: false,
          error: `${name}: no line is an AG-UI event (a JSON object with a "type")${bad.length > 0 ? `; first bad ${bad[0]}` : ''}`,
        };
      }
      const more = badCount > SHOWN ? ', …' : '';
      return {
        ok: true,
        notes: badCount > 0 ? [`${name}: skipped ${badCount} line(s) that are not JSON: ${bad.join(', ')}${more}`] : [],
      };
    },
  };
}

/** Whether jsonlRecords stopped at bytes that are not UTF-8 (the whole-file loader says what the file is). */
export const isNotUtf8 = (e: unknown): boolean => e instanceof NotUtf8;

export async function feedJsonl(
  inspector: Inspector,
  name: string,
  pieces: AsyncIterable<Uint8Array>,
): Promise<JsonlFeed | 'whole'> {
  const tally = jsonlTally(name);
  let t = 0;
  let id: string | undefined;
  try {
    for await (const r of jsonlRecords(pieces)) {
      if (!tally.add(r)) continue;
      t = r.t;
      if (id === undefined) {
        const open = openFor(name, 'events', 'application/json', t);
        id = open.streamId;
        inspector.openStream(open);
      }
      inspector.appendEvent(id, r.event, t);
    }
  } catch (e) {
    if (isNotUtf8(e)) return 'whole';
    throw e;
  }
  const verdict = tally.verdict();
  if (verdict.ok && id !== undefined) inspector.endStream(id, { reason: 'complete', t });
  return verdict;
}
