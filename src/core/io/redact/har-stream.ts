// `redact` of a HAR too large to hold: a streaming JSON parser hands over one log.entries
// item at a time (and the other members of log as they end), each is redacted as the
// whole-file path redacts it (./har.ts) and written as JSON.stringify(…, null, 2) would
// place it, so the copy is byte for byte the whole-file path's. Memory: the largest entry.
// What the whole-file path would judge otherwise (not strict UTF-8, not JSON, a session
// or bug report, log or log.entries of another type, a body in a separate file) answers
// 'whole' before or after writing: the caller then discards what was written and reads
// the file whole.
import { JSONParser } from '@streamparser/json';
import { BUG_REPORT_FORMAT } from '../bug-report.js';
import { SESSION_FORMAT } from '../session-format.js';
import { isRecord } from '../text.js';
import { harRedaction } from './har.js';
import { createReport, type RedactionReport, type RedactOptions } from './options.js';

class Abandon extends Error {}

function namesBodyFile(entry: unknown): boolean {
  const response = isRecord(entry) ? entry['response'] : undefined;
  const content = isRecord(response) ? response['content'] : undefined;
  return isRecord(content) && typeof content['_file'] === 'string' && typeof content['text'] !== 'string';
}

/** JSON.stringify(value, null, 2) as placed `depth` levels in (strings hold no raw newline). */
function placed(value: unknown, depth: number): string {
  return (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

export async function redactHarStream(
  pieces: AsyncIterable<Uint8Array>,
  options: RedactOptions,
  write: (bytes: Uint8Array) => Promise<void> | void,
): Promise<{ readonly report: RedactionReport } | 'whole'> {
  const report = createReport();
  const har = harRedaction(options, report);
  const out: string[] = [];
  let members = 0;
  let entries = 0;
  let log = false;
  const member = (key: string): void => {
    out.push(`${members++ === 0 ? '\n' : ',\n'}    ${JSON.stringify(key)}: `);
  };
  const parser = new JSONParser({
    paths: ['$.log', '$.log.*', '$.log.entries.*', '$.format'],
    keepStack: false,
    stringBufferSize: 1 << 16,
  });
  parser.onValue = ({ value, key, parent, stack }) => {
    if (stack.length === 1) {
      if (key === 'format' && (value === SESSION_FORMAT || value === BUG_REPORT_FORMAT)) throw new Abandon('not a HAR');
      if (key === 'log') {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Abandon('log is no object');
        log = true;
      }
      return;
    }
    if (stack.length === 3) {
      if (typeof key !== 'number' || !Array.isArray(parent)) throw new Abandon('log.entries is not an array');
      // Let go of the entry: `$.log.*` would otherwise keep every entry for the array.
      parent.length -= 1;
      // A body in a file of its own (Playwright's content: 'attach'): the whole-file path reads it.
      if (namesBodyFile(value)) throw new Abandon('a body in a separate file');
      if (entries === 0) {
        member('entries');
        out.push('[');
      }
      out.push(`${entries === 0 ? '\n' : ',\n'}      ${placed(har.entry(value, entries++), 3)}`);
      return;
    }
    if (typeof key !== 'string') return;
    if (key === 'entries' && entries > 0) {
      out.push('\n    ]');
      return;
    }
    const kept = har.member(key, value);
    // JSON.stringify leaves out a member whose value is undefined.
    if (kept === undefined || kept.value === undefined) return;
    member(key);
    out.push(placed(kept.value, 2));
  };
  const encoder = new TextEncoder();
  const strict = new TextDecoder('utf-8', { fatal: true });
  let started = false;
  const flush = async (): Promise<void> => {
    if (out.length === 0) return;
    const text = (started ? '' : '{\n  "log": {') + out.join('');
    started = true;
    out.length = 0;
    await write(encoder.encode(text));
  };
  try {
    for await (const piece of pieces) {
      const text = strict.decode(piece, { stream: true });
      if (!parser.isEnded) parser.write(piece);
      else if (text.trim() !== '') throw new Abandon('text after the JSON value');
      await flush();
    }
    strict.decode();
    if (!parser.isEnded) parser.end();
  } catch {
    return 'whole';
  }
  if (!log) return 'whole';
  await flush();
  await write(encoder.encode(started ? '\n  }\n}\n' : '{\n  "log": {}\n}\n'));
  return { report };
}
