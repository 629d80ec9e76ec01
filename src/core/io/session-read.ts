// Reads a session export back into captures. Every version ever written stays readable
// (each gets a reader here); a file from a newer inspector is refused with a clear message.
import {
  STREAM_ENCODINGS,
  STREAM_END_REASONS,
  TRANSPORTS,
  type StreamEndInfo,
  type StreamOpenInfo,
} from '../capture.js';
import type { CapturedChunk } from '../model/types.js';
import { decodeBase64 } from './base64.js';
import { readFindingsBefore, type OriginalFinding } from './findings-before.js';
import { SESSION_VERSION } from './session-format.js';
import { readSessionNotes } from './session-notes.js';
import { isRecord, num, plural, str } from './text.js';
import type { Capture, LoadResult } from './types.js';

const ENCODINGS = STREAM_ENCODINGS;
const END_REASONS = STREAM_END_REASONS;

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

function readHeaders(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

function readOpen(value: unknown): StreamOpenInfo | string {
  if (!isRecord(value)) return 'has no "open" object';
  const streamId = str(value['streamId']);
  const encoding = oneOf(value['encoding'], ENCODINGS);
  if (streamId === undefined || streamId === '') return 'has no open.streamId';
  if (encoding === undefined) return `has an unknown open.encoding ${JSON.stringify(value['encoding'])}`;
  const requestBody = str(value['requestBody']);
  const requestBodyNote = str(value['requestBodyNote']);
  const frameUrl = str(value['frameUrl']);
  const requestedAt = num(value['requestedAt']);
  const replayed = readReplayed(value['replayed']);
  return {
    streamId,
    transport: oneOf(value['transport'], TRANSPORTS) ?? 'import',
    encoding,
    url: str(value['url']) ?? '',
    method: str(value['method']) ?? '',
    requestHeaders: readHeaders(value['requestHeaders']),
    ...(requestBody !== undefined ? { requestBody } : {}),
    ...(requestBodyNote !== undefined ? { requestBodyNote } : {}),
    status: num(value['status']) ?? 0,
    contentType: str(value['contentType']) ?? '',
    startedAt: num(value['startedAt']) ?? 0,
    // Optional since version 1: older files have none, older readers skip it.
    ...(requestedAt !== undefined ? { requestedAt } : {}),
    ...(frameUrl !== undefined ? { frameUrl } : {}),
    ...(replayed !== undefined ? { replayed } : {}),
  };
}

/** Optional since version 1 was introduced: older files have none, older readers skip it. */
function readReplayed(value: unknown): StreamOpenInfo['replayed'] {
  if (!isRecord(value)) return undefined;
  const source = str(value['source']);
  const armId = str(value['armId']);
  const index = num(value['index']);
  const recordedUrl = str(value['recordedUrl']);
  return source !== undefined && armId !== undefined && index !== undefined
    ? { source, armId, index, ...(recordedUrl !== undefined ? { recordedUrl } : {}) }
    : undefined;
}

function readEnd(value: unknown): StreamEndInfo | undefined {
  if (!isRecord(value)) return undefined;
  const error = str(value['error']);
  return {
    reason: oneOf(value['reason'], END_REASONS) ?? 'unknown',
    t: num(value['t']) ?? 0,
    ...(error !== undefined ? { error } : {}),
  };
}

function readChunk(value: unknown): CapturedChunk | string {
  if (!isRecord(value)) return 'is not an object';
  const t = num(value['t']) ?? 0;
  switch (value['kind']) {
    case 'bytes': {
      const data = decodeBase64(str(value['dataBase64']) ?? '\u0000');
      return data === undefined ? 'has dataBase64 that is not base64' : { t, kind: 'bytes', data };
    }
    case 'message': {
      const m = value['message'];
      if (!isRecord(m) || typeof m['data'] !== 'string') return 'has no message.data string';
      return {
        t,
        kind: 'message',
        message: { event: str(m['event']) ?? 'message', data: m['data'], lastEventId: str(m['lastEventId']) ?? '' },
      };
    }
    case 'event':
      return 'event' in value ? { t, kind: 'event', event: value['event'] } : 'has no "event"';
    default:
      return `has an unknown kind ${JSON.stringify(value['kind'])}`;
  }
}

/** `streamIdAt`: filled with the id each read stream got, by its index in the file. */
function readStreamsV1(
  name: string,
  streams: readonly unknown[],
  notes: string[],
  streamIdAt: Map<number, string>,
): Capture[] {
  const captures: Capture[] = [];
  const seen = new Set<string>();
  streams.forEach((s, i) => {
    const open = isRecord(s) ? readOpen(s['open']) : 'is not an object';
    if (typeof open === 'string' || !isRecord(s)) {
      notes.push(`${name}: skipped stream ${i}: it ${typeof open === 'string' ? open : 'is not an object'}`);
      return;
    }
    let info = open;
    // Stream ids key the model; two streams with one id would merge.
    if (seen.has(info.streamId)) {
      info = { ...info, streamId: `${info.streamId}~${i}` };
      notes.push(`${name}: stream ${i} repeats stream id ${open.streamId}; renamed ${info.streamId}`);
    }
    seen.add(info.streamId);
    const rawChunks = Array.isArray(s['chunks']) ? (s['chunks'] as unknown[]) : [];
    const pieces: CapturedChunk[] = [];
    let bad = 0;
    let firstBad = '';
    rawChunks.forEach((c, j) => {
      const chunk = readChunk(c);
      if (typeof chunk === 'string') {
        if (bad++ === 0) firstBad = `chunk ${j} ${chunk}`;
      } else pieces.push(chunk);
    });
    if (bad > 0)
      notes.push(`${name}: stream ${info.streamId}: skipped ${plural(bad, 'unreadable chunk')} (${firstBad})`);
    const end = readEnd(s['end']);
    captures.push({ open: info, pieces, ...(end !== undefined ? { end } : {}) });
    streamIdAt.set(i, info.streamId);
  });
  return captures;
}

export function loadSession(name: string, root: Record<string, unknown>): LoadResult {
  const version = root['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      error: `${name}: an AG-UI Inspector session without a valid "version" (${JSON.stringify(version)})`,
    };
  }
  if (version > SESSION_VERSION) {
    return {
      ok: false,
      error: `${name}: written by a newer AG-UI Inspector (session format version ${version}); this one reads versions up to ${SESSION_VERSION}. Update the inspector.`,
    };
  }
  const streams = root['streams'];
  if (!Array.isArray(streams)) return { ok: false, error: `${name}: session file has no "streams" array` };
  const notes: string[] = [];
  // Version 2 is version 1 with one more stream encoding ('none', a failed run request),
  // which readStreamsV1 knows; a version 1 file never holds one. Later versions dispatch here.
  const streamIdAt = new Map<number, string>();
  const captures = readStreamsV1(name, streams, notes, streamIdAt);
  if (captures.length === 0 && streams.length > 0) {
    return {
      ok: false,
      error: `${name}: none of the session's ${plural(streams.length, 'stream')} could be read (${notes[0] ?? ''})`,
    };
  }
  let findingsBefore: OriginalFinding[] | undefined;
  if (root['redacted'] === true) {
    findingsBefore = readFindingsBefore(root['redaction'], streamIdAt);
    const hidden = isRecord(root['redaction']) && root['redaction']['hideLengths'] === true;
    const strict = isRecord(root['redaction']) && root['redaction']['strict'] === true;
    notes.push(
      hidden
        ? `${name}: a redacted export with lengths hidden: findings about argument deltas, text lengths and content may move or differ`
        : `${name}: a redacted export: values were masked (same lengths), so only findings that judge content may differ`,
    );
    if (strict)
      notes.push(`${name}: strictly redacted: ids, names, state keys and URL path segments are pseudonyms (per file)`);
  }
  const sessionNotes = readSessionNotes(name, root['notes'], notes);
  return {
    ok: true,
    format: 'session',
    captures,
    notes,
    ...(sessionNotes.length > 0 ? { sessionNotes } : {}),
    ...(findingsBefore !== undefined ? { findingsBefore } : {}),
  };
}
