// A HAR read with a streaming JSON parser: each log.entries item is judged (readEntry) as
// soon as it is read, so a HAR costs its largest entry, not its size. Anything the
// whole-file loader would judge differently (not strict UTF-8, not JSON, a session file,
// no entries array) answers 'whole', and the caller loads the file the ordinary way.
// feedHar feeds the captures to an inspector (lint); `serve` keeps where each entry's
// bytes lie in the file (scanHar) and reads one entry again when it is asked for.
import { TokenParser, Tokenizer, TokenType } from '@streamparser/json';
import type { Inspector } from '../../inspector.js';
import { harVerdict, readEntry, writtenByUs, type EntryOutcome } from '../har.js';
import type { BodilessRequest } from '../types.js';
import { SESSION_FORMAT } from '../session-format.js';
import { createOrderedFeed } from './har-order.js';

export type HarFeed =
  | { readonly ok: true; readonly notes: string[]; readonly bodiless: readonly BodilessRequest[] }
  | { readonly ok: false; readonly error: string };

export class Abandon extends Error {}

/** One entry of log.entries: what it is, and where its bytes lie in the file ([start, end)). */
export interface HarEntry {
  readonly index: number;
  readonly outcome: EntryOutcome;
  readonly start: number;
  readonly end: number;
  /** The HAR is this tool's own (readEntry's `ours`): reading the entry again needs it. */
  readonly ours: boolean;
}

// Inside the root object, log and entries: an entry's own brace opens at this depth.
const ENTRY_DEPTH = 3;

/**
 * Reads the HAR's entries one at a time, handing each to `onEntry` (which may throw
 * Abandon), and says what the whole-file loader would of the file: its notes, or the error.
 */
export async function scanHar(
  name: string,
  pieces: AsyncIterable<Uint8Array>,
  onEntry: (entry: HarEntry) => void,
): Promise<HarFeed | 'whole'> {
  const noBody: BodilessRequest[] = [];
  // A HAR's creator comes before its entries (as every recorder writes it).
  let ours = false;
  const runUrls = new Set<string>();
  const bad: string[] = [];
  let others = 0;
  let entries = 0;
  let captures = 0;
  // Body strings can be many megabytes: buffered as bytes, not grown by concatenation.
  const tokenizer = new Tokenizer({ stringBufferSize: 1 << 16 });
  const parser = new TokenParser({ paths: ['$.log.entries.*', '$.log.creator', '$.format'], keepStack: false });
  let depth = 0;
  let start = -1;
  let end = -1;
  // The tokenizer's offsets do not count a UTF-8 BOM; the file's do.
  const head: number[] = [];
  let shift = 0;
  tokenizer.onToken = (info) => {
    const t = info.token;
    if (t === TokenType.LEFT_BRACE || t === TokenType.LEFT_BRACKET) {
      if (depth === ENTRY_DEPTH) start = info.offset + shift;
      depth++;
    } else if (t === TokenType.RIGHT_BRACE || t === TokenType.RIGHT_BRACKET) {
      depth--;
      end = info.offset + shift + 1;
    }
    parser.write(info);
  };
  tokenizer.onEnd = () => {
    if (!parser.isEnded) parser.end();
  };
  parser.onError = tokenizer.error.bind(tokenizer);
  parser.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1) {
      if (key === 'format' && value === SESSION_FORMAT) throw new Abandon('a session file');
      return;
    }
    if (key === 'creator' && stack.length === 2) {
      ours = writtenByUs({ creator: value });
      return;
    }
    if (typeof key !== 'number') throw new Abandon('log.entries is not an array');
    const index = entries++;
    const outcome = readEntry(name, value, index, runUrls, ours);
    if (outcome.kind === 'capture') captures++;
    else if (outcome.kind === 'no-body') noBody.push(outcome.request);
    else if (outcome.kind === 'bad') bad.push(outcome.why);
    else others++;
    onEntry({ index, outcome, start, end, ours });
  };
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const piece of pieces) {
      // Checked strictly here; parsed from the bytes (the parser would encode text back).
      // The parser ends itself after the root value; only whitespace may follow (as JSON.parse).
      const text = strict.decode(piece, { stream: true });
      if (head.length < 3) {
        head.push(...piece.subarray(0, 3 - head.length));
        shift = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
      }
      if (!tokenizer.isEnded) tokenizer.write(piece);
      else if (text.trim() !== '') throw new Abandon('text after the JSON value');
    }
    strict.decode();
    if (!tokenizer.isEnded) tokenizer.end();
  } catch {
    // Not UTF-8, not JSON, or not a HAR this loader can stream: the whole-file loader says.
    return 'whole';
  }
  if (entries === 0) return 'whole';
  const verdict = harVerdict(name, { entries, captures, noBody: noBody.map((b) => b.url), bad, others });
  return 'error' in verdict
    ? { ok: false, error: verdict.error }
    : { ok: true, notes: verdict.notes, bodiless: noBody };
}

export async function feedHar(
  inspector: Inspector,
  name: string,
  pieces: AsyncIterable<Uint8Array>,
): Promise<HarFeed | 'whole'> {
  const feed = createOrderedFeed(inspector);
  const result = await scanHar(name, pieces, ({ outcome }) => {
    if (outcome.kind === 'capture' && !feed.add(outcome.capture)) throw new Abandon('entries out of time order');
  });
  if (result !== 'whole') feed.finish();
  return result;
}
