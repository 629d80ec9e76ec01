// Redaction of an SSE body that keeps its framing byte for byte: every line, line
// ending, field name, comment position and blank line stays; only data values (and
// comment text and unknown field values) are masked in place. Multi-line data fields
// are redacted as the one JSON text they join into. Strict: event names and ids become
// pseudonyms.
import type { Edit } from './edits.js';
import { parseAll, streamRedactor, type EventRedactor } from './events.js';
import { maskText } from './mask.js';
import { count, type RedactionReport, type RedactOptions } from './options.js';
import type { PseudonymFamily } from './pseudonyms.js';

interface Line {
  readonly start: number;
  readonly end: number; // before the line ending
}

interface Field {
  readonly name: string;
  readonly start: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  const re = /\r\n|\r|\n/g;
  let at = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ start: at, end: m.index });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ start: at, end: text.length });
  return out;
}

function field(text: string, line: Line): Field {
  const raw = text.slice(line.start, line.end);
  const colon = raw.indexOf(':');
  if (colon < 0) return { name: raw, start: line.start, valueStart: line.end, valueEnd: line.end };
  const space = raw[colon + 1] === ' ' ? 1 : 0;
  return {
    name: raw.slice(0, colon),
    start: line.start,
    valueStart: line.start + colon + 1 + space,
    valueEnd: line.end,
  };
}

/** Frames: the data fields of each event, in order (a cut-off last frame included). */
function frames(text: string, bom: boolean): { data: Field[]; other: Field[] }[] {
  const out: { data: Field[]; other: Field[] }[] = [];
  let current: { data: Field[]; other: Field[] } = { data: [], other: [] };
  // A BOM before the first field is not part of it.
  const body = lines(text).map((l, i) =>
    bom && i === 0 && text.charCodeAt(0) === 0xfeff ? { ...l, start: l.start + 1 } : l,
  );
  for (const line of body) {
    if (line.start === line.end) {
      if (current.data.length > 0) out.push(current);
      else if (current.other.length > 0) out.push({ data: [], other: current.other });
      current = { data: [], other: [] };
      continue;
    }
    const f = field(text, line);
    if (f.name === 'data') current.data.push(f);
    else current.other.push(f);
  }
  if (current.data.length > 0 || current.other.length > 0) out.push(current);
  return out;
}

const KEPT_FIELDS = new Set(['event', 'id', 'retry']);

interface Parsed {
  readonly all: { data: Field[]; other: Field[] }[];
  readonly withData: { data: Field[]; other: Field[] }[];
  /** Each event's data lines joined: the JSON text of the event. */
  readonly joined: string[];
}

function parse(text: string, bom: boolean): Parsed {
  const all = frames(text, bom);
  const withData = all.filter((f) => f.data.length > 0);
  const joined = withData.map((f) => f.data.map((d) => text.slice(d.valueStart, d.valueEnd)).join('\n'));
  return { all, withData, joined };
}

/** The edits that redact an SSE body text (ascending, non-overlapping). */
export function redactSseText(text: string, options: RedactOptions, report: RedactionReport): Edit[] {
  const parsed = parse(text, true);
  const payloads = parseAll(parsed.joined);
  const redactor = streamRedactor(payloads, options, report);
  return redactFrames(text, parsed, [], (slot, _payload, json) => redactor.text(slot, json), options, report);
}

/** The data texts of an SSE text's events, in order (for planning a stream read in blocks). */
export function sseDataTexts(text: string, first: boolean): string[] {
  return parse(text, first).joined;
}

/**
 * One block of an SSE body read in blocks cut after blank lines (whole events): its edits,
 * and how many events with data it held (the next block's first slot follows them).
 * `first`: the block starts the body (a BOM there is not part of the first field).
 */
export function redactSseBlock(
  text: string,
  first: boolean,
  base: number,
  redact: EventRedactor,
  options: RedactOptions,
  report: RedactionReport,
): { edits: Edit[]; events: number } {
  const parsed = parse(text, first);
  const edits = redactFrames(
    text,
    parsed,
    parseAll(parsed.joined),
    (slot, payload, json) => redact(base + slot, payload, json),
    options,
    report,
  );
  return { edits, events: parsed.withData.length };
}

/** Edits to the data fields only: each event's JSON text (by its slot among events with data) edited by `edit`. */
export function sseDataEdits(text: string, edit: (slot: number, json: string) => readonly Edit[]): Edit[] {
  const { withData, joined } = parse(text, true);
  return withData.flatMap((frame, slot) => dataEdits(frame.data, edit(slot, joined[slot]!)));
}

function redactFrames(
  text: string,
  { all, joined }: Parsed,
  payloads: readonly unknown[],
  redact: EventRedactor,
  options: RedactOptions,
  report: RedactionReport,
): Edit[] {
  const edits: Edit[] = [];
  // Frame by frame, in order: strict pseudonyms are numbered as a block-by-block pass numbers them.
  let slot = 0;
  for (const frame of all) {
    for (const f of frame.other) edits.push(...otherField(text, f, options, report));
    if (frame.data.length > 0) edits.push(...dataEdits(frame.data, redact(slot, payloads[slot], joined[slot]!).edits));
    if (frame.data.length > 0) slot++;
  }
  return edits.sort((a, b) => a.start - b.start);
}

/** The edits of an event's joined data text, moved back to where its data lines are. */
function dataEdits(data: readonly Field[], edits: readonly Edit[]): Edit[] {
  // Joined offsets back to body offsets: line n starts after n joining newlines.
  const starts: number[] = [];
  let offset = 0;
  for (const d of data) {
    starts.push(offset);
    offset += d.valueEnd - d.valueStart + 1;
  }
  return edits.map((e) => {
    let n = starts.length - 1;
    while (n > 0 && starts[n]! > e.start) n--;
    const at = data[n]!.valueStart - starts[n]!;
    return { start: e.start + at, end: e.end + at, text: e.text };
  });
}

/** SSE event names and ids: kept (the default event name always), pseudonyms when strict. */
const STRICT_FIELDS: Readonly<Record<string, PseudonymFamily>> = { event: 'event', id: 'id' };

function otherField(text: string, f: Field, options: RedactOptions, report: RedactionReport): Edit[] {
  const value = text.slice(f.valueStart, f.valueEnd);
  if (KEPT_FIELDS.has(f.name)) {
    const family = STRICT_FIELDS[f.name];
    if (options.strict !== true || family === undefined || value === '' || value === 'message') return [];
    count(report, 'pseudonym');
    return [{ start: f.valueStart, end: f.valueEnd, text: report.pseudonyms.of(family, value) }];
  }
  // Comments and unknown fields are not AG-UI, and may say anything (names too).
  const edits: Edit[] = [];
  const nameEnd = f.start + f.name.length;
  if (f.name !== '') edits.push({ start: f.start, end: nameEnd, text: '*'.repeat(f.name.length) });
  if (f.valueStart < f.valueEnd)
    edits.push({ start: f.valueStart, end: f.valueEnd, text: maskText(f.valueEnd - f.valueStart, options) });
  if (f.name !== '' || f.valueStart < f.valueEnd) count(report, 'string');
  return edits;
}
