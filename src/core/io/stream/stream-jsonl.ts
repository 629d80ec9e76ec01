// A JSONL events file fed to an inspector line by line as it is read: the same stream,
// events, times and notes as loadJsonl + feedCaptures, without holding the file. A file
// that is not strictly UTF-8 answers 'whole' (the whole-file loader says what it is).
import type { Inspector } from '../../inspector.js';
import { openFor } from '../raw-body.js';
import { isRecord, num, parseJson } from '../text.js';

export type JsonlFeed =
  { readonly ok: true; readonly notes: readonly string[] } | { readonly ok: false; readonly error: string };

const SHOWN = 5;

export async function feedJsonl(
  inspector: Inspector,
  name: string,
  pieces: AsyncIterable<Uint8Array>,
): Promise<JsonlFeed | 'whole'> {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const bad: string[] = [];
  let badCount = 0;
  let lineNo = 0;
  let t = 0;
  let id: string | undefined;
  let typed = false;
  const line = (raw: string) => {
    lineNo++;
    const text = raw.trim();
    if (text === '') return;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      if (badCount++ < SHOWN) bad.push(`line ${lineNo} (${parsed.message})`);
      return;
    }
    const event = parsed.value;
    // As eventsCapture: arrival times from the events' own stamps, kept monotonic.
    const stamp = isRecord(event) ? num(event['timestamp']) : undefined;
    if (stamp !== undefined && stamp > t) t = stamp;
    if (id === undefined) {
      const open = openFor(name, 'events', 'application/json', t);
      id = open.streamId;
      inspector.openStream(open);
    }
    typed ||= isRecord(event) && typeof event['type'] === 'string';
    inspector.appendEvent(id, event, t);
  };
  let carry = '';
  let first = true;
  const take = (text: string) => {
    let from = 0;
    if (first && text !== '') {
      if (text.charCodeAt(0) === 0xfeff) from = 1;
      first = false;
    }
    const joined = carry + text.slice(from);
    let at = 0;
    for (let eol = joined.indexOf('\n'); eol >= 0; eol = joined.indexOf('\n', at)) {
      line(joined.slice(at, eol));
      at = eol + 1;
    }
    carry = joined.slice(at);
  };
  try {
    for await (const piece of pieces) take(strict.decode(piece, { stream: true }));
    take(strict.decode());
  } catch {
    return 'whole';
  }
  line(carry);
  if (!typed) {
    return {
      ok: false,
      error: `${name}: no line is an AG-UI event (a JSON object with a "type")${bad.length > 0 ? `; first bad ${bad[0]}` : ''}`,
    };
  }
  if (id !== undefined) inspector.endStream(id, { reason: 'complete', t });
  const notes =
    badCount > 0
      ? [`${name}: skipped ${badCount} line(s) that are not JSON: ${bad.join(', ')}${badCount > SHOWN ? ', …' : ''}`]
      : [];
  return { ok: true, notes };
}
