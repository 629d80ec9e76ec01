// A HAR read with a streaming JSON parser: each log.entries item becomes a capture and is
// fed as soon as it is read, so a HAR costs its largest entry, not its size. Anything
// the whole-file loader would judge differently (not strict UTF-8, not JSON, a session
// file, no entries array, entries out of time order) answers 'whole', and the caller
// loads the file the ordinary way.
import { JSONParser } from '@streamparser/json';
import type { Inspector } from '../../inspector.js';
import { harVerdict, readEntry } from '../har.js';
import { SESSION_FORMAT } from '../session-format.js';
import { createOrderedFeed } from './har-order.js';

export type HarFeed = { readonly ok: true; readonly notes: string[] } | { readonly ok: false; readonly error: string };

class Abandon extends Error {}

export async function feedHar(
  inspector: Inspector,
  name: string,
  pieces: AsyncIterable<Uint8Array>,
): Promise<HarFeed | 'whole'> {
  const feed = createOrderedFeed(inspector);
  const noBody: string[] = [];
  const bad: string[] = [];
  let others = 0;
  let entries = 0;
  let captures = 0;
  // Body strings can be many megabytes: buffered as bytes, not grown by concatenation.
  const parser = new JSONParser({
    paths: ['$.log.entries.*', '$.format'],
    keepStack: false,
    stringBufferSize: 1 << 16,
  });
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1) {
      if (key === 'format' && value === SESSION_FORMAT) throw new Abandon('a session file');
      return;
    }
    if (typeof key !== 'number') throw new Abandon('log.entries is not an array');
    const outcome = readEntry(name, value, entries++);
    if (outcome.kind === 'capture') {
      if (!feed.add(outcome.capture)) throw new Abandon('entries out of time order');
      captures++;
    } else if (outcome.kind === 'no-body') noBody.push(outcome.request.url);
    else if (outcome.kind === 'bad') bad.push(outcome.why);
    else others++;
  };
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const piece of pieces) {
      // Checked strictly here; parsed from the bytes (the parser would encode text back).
      // The parser ends itself after the root value; only whitespace may follow (as JSON.parse).
      const text = strict.decode(piece, { stream: true });
      if (!parser.isEnded) parser.write(piece);
      else if (text.trim() !== '') throw new Abandon('text after the JSON value');
    }
    strict.decode();
    if (!parser.isEnded) parser.end();
  } catch {
    // Not UTF-8, not JSON, or not a HAR this loader can stream: the whole-file loader says.
    return 'whole';
  }
  if (entries === 0) return 'whole';
  feed.finish();
  const verdict = harVerdict(name, { entries, captures, noBody, bad, others });
  return 'error' in verdict ? { ok: false, error: verdict.error } : { ok: true, notes: verdict.notes };
}
