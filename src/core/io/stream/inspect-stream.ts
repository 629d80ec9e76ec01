// One file through the core as it is read, for files too large to hold: SSE and protobuf
// bodies, HARs and JSONL files larger than the sniffed head stream; every other kind
// (sessions, JSON documents, small JSONL files) and every case the streaming loaders
// cannot judge exactly as loadFile does answers 'whole', and the caller loads the file
// the ordinary way (inspectBytes). Findings, runs and notes are
// the same either way; the model keeps no captured bytes (see keepCapturedBytes).
import type { InspectorOptions } from '../../inspector.js';
import { createInspector } from '../../pipeline/create-inspector.js';
import type { Inspected } from '../inspect-bytes.js';
import { looksLikeProto } from '../proto-sniff.js';
import { extensionOf, isRecord, parseJson } from '../text.js';
import { readHead, type OpenChunks } from './chunks.js';
import { feedBody } from './stream-body.js';
import { feedHar } from './stream-har.js';
import { feedJsonl } from './stream-jsonl.js';

// As load-file.ts: an SSE body shows a data field in its first megabyte.
const SNIFF_BYTES = 1 << 20;
const DATA_LINE = /(?:^|[\r\n])data:/;
export const HAR_START = /^\uFEFF?\s*\{\s*"log"\s*:/;
const PROTO_EXTENSIONS = new Set(['bin', 'pb', 'proto']);
const JSON_EXTENSIONS = new Set(['har', 'json']);
// proto-sniff.ts looks at this many frames: the head must hold them to decide as it would.
const FRAMES_CHECKED = 256;

function protoFramesFit(head: Uint8Array): boolean {
  let pos = 0;
  for (let frames = 0; frames < FRAMES_CHECKED; frames++) {
    if (pos + 4 > head.length) return false;
    pos += 4 + (((head[pos]! << 24) >>> 0) + (head[pos + 1]! << 16) + (head[pos + 2]! << 8) + head[pos + 3]!);
  }
  return pos <= head.length;
}

export type StreamedFormat = 'sse' | 'proto' | 'har' | 'jsonl';
export type StreamInspected = (Inspected & { readonly format?: StreamedFormat }) | 'whole';

export type Kind = StreamedFormat | 'empty' | 'whole';

/**
 * As load-file.ts judges JSONL: not a .json/.har file, a first line that is an object and
 * more after it (so the file cannot be one JSON value). Only for files larger than the head.
 */
function isJsonl(name: string, start: string): boolean {
  if (JSON_EXTENSIONS.has(extensionOf(name))) return false;
  const eol = start.indexOf('\n');
  if (eol < 0 || start.slice(eol + 1).trim() === '') return false;
  const first = parseJson(start.slice(0, eol));
  return first.ok && isRecord(first.value);
}

function kindOf(name: string, whole: Uint8Array, complete: boolean): Kind {
  if (whole.length === 0) return 'empty';
  if (looksLikeProto(whole)) return complete || protoFramesFit(whole) ? 'proto' : 'whole';
  const head = whole.subarray(0, SNIFF_BYTES);
  let text: string;
  try {
    // stream: true so a character cut at the head's end is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    // loadFile's lossy path: an SSE body with some bytes that are not UTF-8.
    if (PROTO_EXTENSIONS.has(extensionOf(name))) return 'whole';
    const lossy = new TextDecoder('utf-8').decode(head);
    return DATA_LINE.test(lossy) && !lossy.includes('\u0000') ? 'sse' : 'whole';
  }
  const start = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).trimStart();
  if (start[0] === '{') return HAR_START.test(text) ? 'har' : !complete && isJsonl(name, start) ? 'jsonl' : 'whole';
  if (start[0] === '[') return 'whole';
  // A NUL in the head sends a body that is not all UTF-8 down loadFile's refusal path.
  return DATA_LINE.test(text) && !text.includes('\u0000') ? 'sse' : 'whole';
}

/** What the file is, judged from its first megabyte, and all its pieces (the head's first). */
export async function sniffStream(
  name: string,
  open: OpenChunks,
): Promise<{ readonly kind: Kind; readonly pieces: AsyncIterable<Uint8Array> }> {
  const { head, complete, pieces } = await readHead(open(), SNIFF_BYTES);
  return { kind: kindOf(name, head, complete), pieces };
}

export async function inspectStream(
  name: string,
  open: OpenChunks,
  options: InspectorOptions = {},
): Promise<StreamInspected> {
  const { kind, pieces } = await sniffStream(name, open);
  if (kind === 'empty') return { ok: false, error: `${name}: the file is empty` };
  if (kind === 'whole') return 'whole';
  // One inspector per file, as inspectBytes; the bytes are judged and let go.
  const inspector = createInspector({ ...options, keepCapturedBytes: false });
  if (kind === 'jsonl') {
    const jsonl = await feedJsonl(inspector, name, pieces);
    if (jsonl === 'whole' || !jsonl.ok) return jsonl;
    return { ok: true, model: inspector.model, notes: jsonl.notes, format: 'jsonl' };
  }
  if (kind === 'har') {
    const har = await feedHar(inspector, name, pieces);
    if (har === 'whole' || !har.ok) return har;
    return {
      ok: true,
      model: inspector.model,
      notes: har.notes,
      format: 'har',
      ...(har.bodiless.length > 0 ? { bodiless: har.bodiless } : {}),
    };
  }
  const body = await feedBody(inspector, name, kind, pieces);
  return { ok: true, model: inspector.model, notes: body.notes, format: kind };
}
