// One *_CHUNK event → START / content / implicit END, as 1.0 `transformChunks` does.
// Where the client throws, we report the issue and carry on the way that keeps the
// most of the stream visible (each choice is noted where it is made).
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import { CHUNK_KINDS, idPayload, type ChunkKind, type ChunkKindInfo } from './chunk-kinds.js';
import { describeLane, quote, type Lane, type Lanes, type OpenStream, type Output } from './lanes.js';
import type { RuleId } from '../catalogue/catalogue.js';

// A field as the client would read it; null and wrong types (already reported by decode) count as absent.
import { strField as str, type JsonRecord as Payload } from '../json-value.js';

function present(payload: Payload, field: string): boolean {
  return payload[field] !== undefined && payload[field] !== null;
}

function unknownFields(payload: Payload, known: ReadonlySet<string>): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(payload)) if (!known.has(key)) (extra ??= {})[key] = payload[key];
  return extra;
}

function issue(
  out: Output,
  info: ChunkKindInfo,
  rule: RuleId | undefined,
  raw: RawEvent,
  message: string,
  id?: string,
): void {
  if (rule === undefined) return;
  // Two literals rather than a conditional spread (see plainStartPayload).
  out.issues.push(
    info.kind === 'tool' && id !== undefined ? { rule, message, raw, toolCallId: id } : { rule, message, raw },
  );
}

/** Which lane a chunk belongs to; null when it cannot be attributed (ambiguous). */
function resolveLane(
  lanes: Lanes,
  info: ChunkKindInfo,
  raw: RawEvent,
  id: string | undefined,
  tag: string | undefined,
  out: Output,
): Lane | null {
  if (id !== undefined) {
    const found = lanes.find(info.kind, id);
    if (found === undefined) return tag;
    if (tag !== undefined && tag !== found.lane) {
      // The client throws; we keep the chunk with the stream it names (its owner wins).
      issue(
        out,
        info,
        info.rules.ownerMismatch,
        raw,
        `${info.chunkType} continues ${info.noun} ${quote(id)} with subagentRunId ${quote(tag)} but the stream is open under ${describeLane(found.lane)}`,
        id,
      );
    }
    return found.lane;
  }
  if (tag !== undefined) return tag;
  if (lanes.get(undefined)?.kind === info.kind) return undefined;
  const open = lanes.ofKind(info.kind);
  if (open.length > 1) {
    const owners = open.map((s) => `${describeLane(s.lane)} (${quote(s.id)})`).join(', ');
    issue(
      out,
      info,
      info.rules.ambiguous,
      raw,
      `${info.chunkType} carries neither ${info.idField} nor subagentRunId, but ${open.length} lanes have an open ${info.noun}: ${owners}; the chunk is dropped`,
    );
    return null;
  }
  return open[0]?.lane;
}

interface Repeat {
  readonly out: Output;
  readonly info: ChunkKindInfo;
  readonly raw: RawEvent;
  readonly stream: OpenStream;
}

// A module function, not a closure in checkRepeats: that runs per chunk, and tsx
// (keepNames) pays a defineProperty for every named closure it creates.
function conflict(
  r: Repeat,
  rule: RuleId | undefined,
  field: string,
  sent: string | undefined,
  opened: string | undefined,
  skip = false,
): void {
  if (sent === undefined || sent === opened || skip) return;
  const was = opened === undefined ? 'without one (absent)' : `as ${quote(opened)}`;
  issue(
    r.out,
    r.info,
    rule,
    r.raw,
    `${r.info.chunkType} continues ${r.info.noun} ${quote(r.stream.id)} with ${field} ${quote(sent)} but it was opened ${was}`,
    r.stream.id,
  );
}

/** A continuation may repeat an opener's field but not change it (fatal in 1.0). */
function checkRepeats(out: Output, info: ChunkKindInfo, raw: RawEvent, payload: Payload, stream: OpenStream): void {
  const r: Repeat = { out, info, raw, stream };
  if (info.kind === 'tool') {
    // An opener without a name was already reported (missing-name); nothing to compare.
    conflict(
      r,
      info.rules.nameConflict,
      'toolCallName',
      str(payload, 'toolCallName'),
      stream.name,
      stream.name === undefined,
    );
    conflict(r, info.rules.parentConflict, 'parentMessageId', str(payload, 'parentMessageId'), stream.parentMessageId);
  } else if (info.kind === 'text') {
    conflict(r, info.rules.roleConflict, 'role', str(payload, 'role'), stream.role);
    conflict(r, info.rules.nameConflict, 'name', str(payload, 'name'), stream.name);
  }
}

function openStream(
  info: ChunkKindInfo,
  payload: Payload,
  lane: Lane,
  id: string,
  tag: string | undefined,
): OpenStream {
  const textRole = str(payload, 'role') ?? 'assistant';
  return {
    kind: info.kind,
    id,
    lane,
    tag,
    name: info.kind === 'reasoning' ? undefined : str(payload, info.kind === 'tool' ? 'toolCallName' : 'name'),
    role: info.kind === 'text' ? textRole : undefined,
    parentMessageId: info.kind === 'tool' ? str(payload, 'parentMessageId') : undefined,
  };
}

function startPayload(info: ChunkKindInfo, stream: OpenStream, payload: Payload): Record<string, unknown> {
  if (stream.tag === undefined && !present(payload, 'metadata')) return plainStartPayload(info, stream);
  const fields: Record<string, unknown> = { type: info.startType, [info.idField]: stream.id };
  if (info.kind === 'tool') {
    // A nameless opener is fatal for the client; we still open the call (name '') so
    // its arguments stay visible.
    fields['toolCallName'] = stream.name ?? '';
    if (stream.parentMessageId !== undefined) fields['parentMessageId'] = stream.parentMessageId;
  } else if (info.kind === 'text') {
    fields['role'] = stream.role;
    if (stream.name !== undefined) fields['name'] = stream.name;
  } else {
    fields['role'] = 'reasoning';
  }
  if (stream.tag !== undefined) fields['subagentRunId'] = stream.tag;
  if (present(payload, 'metadata')) fields['metadata'] = payload['metadata'];
  return fields;
}

/**
 * startPayload's usual case (no subagent, no metadata) as one literal per kind, with the
 * same keys in the same order: rule 2 of docs/performance.md, "The core's performance rules".
 */
function plainStartPayload(info: ChunkKindInfo, stream: OpenStream): Record<string, unknown> {
  const type = info.startType;
  if (info.kind === 'tool') {
    const toolCallName = stream.name ?? '';
    return stream.parentMessageId === undefined
      ? { type, toolCallId: stream.id, toolCallName }
      : { type, toolCallId: stream.id, toolCallName, parentMessageId: stream.parentMessageId };
  }
  if (info.kind === 'text') {
    return stream.name === undefined
      ? { type, messageId: stream.id, role: stream.role }
      : { type, messageId: stream.id, role: stream.role, name: stream.name };
  }
  return { type, messageId: stream.id, role: 'reasoning' };
}

export function expandChunk(lanes: Lanes, kind: ChunkKind, raw: RawEvent, payload: Payload, out: Output): void {
  const info = CHUNK_KINDS[kind];
  const id = str(payload, info.idField);
  const tag = str(payload, 'subagentRunId');
  const lane = resolveLane(lanes, info, raw, id, tag, out);
  if (lane === null) return;
  const extra = unknownFields(payload, info.known);
  const current = lanes.get(lane);
  let stream: OpenStream;
  let start: ExpandedEvent | undefined;
  if (current !== undefined && current.kind === kind && (id === undefined || id === current.id)) {
    checkRepeats(out, info, raw, payload, current);
    stream = current;
  } else {
    lanes.close(lane, raw, out);
    if (id === undefined) {
      // The client closes the lane and then throws; the chunk names nothing to open.
      issue(
        out,
        info,
        info.rules.missingId,
        raw,
        `${info.chunkType} opens a new ${info.noun} in ${describeLane(lane)} but carries no ${info.idField}; the chunk is dropped`,
      );
      return;
    }
    stream = openStream(info, payload, lane, id, tag);
    if (kind === 'tool' && stream.name === undefined) {
      issue(
        out,
        info,
        info.rules.missingName,
        raw,
        `${info.chunkType} opens call ${quote(id)} without a toolCallName`,
        id,
      );
    }
    lanes.set(stream);
    start = { type: info.startType, payload: startPayload(info, stream, payload), raw, synthesized: 'chunk-start' };
    out.events.push(start);
  }
  const delta = str(payload, 'delta');
  const hasRawEvent = present(payload, 'rawEvent');
  const carriesExtras = present(payload, 'metadata') || extra !== undefined;
  if (delta !== undefined || hasRawEvent || (start === undefined && carriesExtras)) {
    // A stream's tag is its lane, so this equals the client's `chunk tag ?? opener tag`
    // except after an owner clash, where keeping the stream's attribution stops the
    // rules from reporting the same clash again on the synthesized event.
    const argsTag = stream.tag;
    const plain = extra === undefined && argsTag === undefined && !present(payload, 'metadata') && !hasRawEvent;
    if (plain) {
      const content = idPayload(info.contentType, info.idField, stream.id, delta ?? '');
      out.events.push({ type: info.contentType, payload: content, raw, synthesized: 'chunk-args' });
      return;
    }
    const content: Record<string, unknown> = {
      ...extra,
      type: info.contentType,
      [info.idField]: stream.id,
      delta: delta ?? '',
    };
    if (argsTag !== undefined) content['subagentRunId'] = argsTag;
    if (present(payload, 'metadata')) content['metadata'] = payload['metadata'];
    if (hasRawEvent) content['rawEvent'] = payload['rawEvent'];
    out.events.push({ type: info.contentType, payload: content, raw, synthesized: 'chunk-args' });
  } else if (start !== undefined && extra !== undefined) {
    // No content event to carry unknown fields: the client puts them on the START, its own fields winning.
    out.events[out.events.length - 1] = { ...start, payload: { ...extra, ...start.payload } };
  }
}
