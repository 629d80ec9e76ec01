// Which files `redact` streams instead of reading whole: SSE bodies and JSONL files
// (src/core/io/redact/redact-stream.ts) and HARs (har-stream.ts) larger than the head it
// sniffs, recognised as redactFile would recognise them. Everything else (sessions,
// protobuf bodies, JSON documents, small files) is read whole.
import { HAR_START, isRecord, looksLikeProto, parseJson, readHead } from '../core-deps.js';
import type { StreamedFormat } from '../../core/io/redact/redact-stream.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';

const HEAD = 1 << 20;
const DATA_LINE = /(?:^|[\r\n])data:/;

/** The format to stream a file as, or undefined to read it whole. */
export async function streamedFormat(open: OpenChunks): Promise<StreamedFormat | 'har' | undefined> {
  const source = open();
  const { head, complete } = await readHead(source, HEAD);
  // Let go of the file (a Node read stream, or a generator): redactStream opens it again.
  const handle = source as { destroy?: () => void; return?: (v?: unknown) => Promise<unknown> };
  if (handle.destroy !== undefined) handle.destroy();
  else await handle.return?.();
  if (complete || looksLikeProto(head)) return undefined;
  let text = new TextDecoder('utf-8').decode(head, { stream: true });
  text = text.trimStart();
  // As the linter's sniffing: a document whose first key is "log" (a HAR, unless its
  // "format" says otherwise: the stream then answers 'whole').
  if (HAR_START.test(text)) return 'har';
  if (text.startsWith('{') || text.startsWith('[')) {
    // JSONL: a first line that is an object, and more after it (else it may be one document).
    const eol = text.indexOf('\n');
    if (eol < 0 || text.slice(eol + 1).trim() === '') return undefined;
    const first = parseJson(text.slice(0, eol));
    return first.ok && isRecord(first.value) ? 'jsonl' : undefined;
  }
  return DATA_LINE.test(text) ? 'sse' : undefined;
}
