// Loaders for bare bodies: an SSE text body, an AG-UI protobuf body, JSONL events and a
// JSON array of events. A file holds one stream; its times are unknown unless events
// carry a `timestamp`, so arrival times fall back to 0.
import type { StreamEncoding, StreamOpenInfo } from '../capture.js';
import type { CapturedChunk } from '../model/types.js';
import { isRecord, num, parseJson } from './text.js';
import type { Capture, LoadFormat, LoadResult } from './types.js';

export function openFor(
  name: string,
  encoding: StreamEncoding,
  contentType: string,
  startedAt: number,
): StreamOpenInfo {
  return {
    streamId: `import:${name}`,
    transport: 'import',
    encoding,
    url: name,
    method: '',
    requestHeaders: {},
    // The file holds a body, so the response that carried it was a success.
    status: 200,
    contentType,
    startedAt,
  };
}

function ok(format: LoadFormat, capture: Capture, notes: string[]): LoadResult {
  return { ok: true, format, captures: [capture], notes };
}

/** Names of SSE `event:` fields other than "message" in a body (EventSource-style streams). */
export function namedEvents(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\r\n])event: ?([^\r\n]*)/g))
    if (m[1] !== 'message' && m[1] !== '') names.add(m[1]!);
  return [...names];
}

/** The stream a bare body file stands for (an SSE or protobuf body). */
export function bodyOpenInfo(name: string, format: 'sse' | 'proto'): StreamOpenInfo {
  const contentType = format === 'sse' ? 'text/event-stream' : 'application/vnd.ag-ui.event+proto';
  return openFor(name, format, contentType, 0);
}

/** The note for a body whose frames carry SSE event names (undefined when none do). */
export function namedEventsNote(name: string, named: readonly string[]): string | undefined {
  if (named.length === 0) return undefined;
  // The file cannot say which consumer read it; judge it as fetch-based clients read it.
  return (
    `${name}: frames carry SSE event names (${named.slice(0, 5).join(', ')}); read as a fetch body, where every data frame is an ` +
    `AG-UI event (an EventSource consumer listening for "message" would not receive them)`
  );
}

export function loadBodyBytes(name: string, bytes: Uint8Array, format: 'sse' | 'proto', text?: string): LoadResult {
  const open = bodyOpenInfo(name, format);
  const pieces: CapturedChunk[] = [{ t: 0, kind: 'bytes', data: bytes }];
  const note = text === undefined ? undefined : namedEventsNote(name, namedEvents(text));
  // A saved body is complete as saved; whether the producer finished is for the rules.
  return ok(format, { open, pieces, end: { reason: 'complete', t: 0 } }, note === undefined ? [] : [note]);
}

function eventsCapture(name: string, events: readonly unknown[]): Capture {
  let t = 0;
  const pieces: CapturedChunk[] = [];
  for (const event of events) {
    const stamp = isRecord(event) ? num(event['timestamp']) : undefined;
    // Keep arrival times monotonic even when producers stamp out of order.
    if (stamp !== undefined && stamp > t) t = stamp;
    pieces.push({ t, kind: 'event', event });
  }
  const first = pieces[0]?.t ?? 0;
  const open = openFor(name, 'events', 'application/json', first);
  return { open, pieces, end: { reason: 'complete', t } };
}

const isTyped = (e: unknown): boolean => isRecord(e) && typeof e['type'] === 'string';

export function loadJsonArray(name: string, value: readonly unknown[]): LoadResult {
  const notes: string[] = [];
  const bad = value.filter((e) => !isRecord(e)).length;
  // Some typed items make it an event list (malformed ones are findings); none makes it
  // some other JSON list (a manifest, a config), which is not ours to judge.
  if (value.length > 0 && !value.some(isTyped)) {
    return {
      ok: false,
      error: `${name}: a JSON array, but none of its ${value.length} items is an AG-UI event (an object with a "type")`,
    };
  }
  if (bad > 0)
    notes.push(`${name}: ${bad} array item(s) are not objects; they are kept and reported as malformed events`);
  if (value.length === 0) notes.push(`${name}: the array holds no events`);
  return ok('json-array', eventsCapture(name, value), notes);
}

export function loadJsonl(name: string, text: string): LoadResult {
  const events: unknown[] = [];
  const notes: string[] = [];
  const bad: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const parsed = parseJson(line);
    if (parsed.ok) events.push(parsed.value);
    else bad.push(`line ${i + 1} (${parsed.message})`);
  }
  if (!events.some(isTyped)) {
    return {
      ok: false,
      error: `${name}: no line is an AG-UI event (a JSON object with a "type")${bad.length > 0 ? `; first bad ${bad[0]}` : ''}`,
    };
  }
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).join(', ');
    notes.push(`${name}: skipped ${bad.length} line(s) that are not JSON: ${shown}${bad.length > 5 ? ', …' : ''}`);
  }
  return ok('jsonl', eventsCapture(name, events), notes);
}
