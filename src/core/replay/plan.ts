// A recorded stream (live capture or import) as a replay run: SSE and proto bodies keep
// their exact bytes and chunk boundaries; EventSource messages and decoded events become
// an SSE body (./sse-text.ts). Event frames (for Step mode) and id positions (for "use the
// request's threadId/runId") come from the stream's raw events.
import type { StreamModel } from '../model/types.js';
import { jsonOrUndefined } from '../io/text.js';
import { idPatchesIn, LIFECYCLE_TYPES } from './id-patches.js';
import { sseBody, type SseItem } from './sse-text.js';
import type { IdPatch, PlanChunk, PlanEvent, ReplayRun } from './types.js';

const SSE_TYPE = 'text/event-stream';

function typeOf(payload: unknown): string {
  const t = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  return typeof t === 'string' ? t : '';
}

function fromBytes(stream: StreamModel, source: string): ReplayRun {
  const t0 = stream.info.startedAt;
  let total = 0;
  for (const c of stream.chunks) if (c.kind === 'bytes') total += c.data.length;
  const body = new Uint8Array(total);
  const chunks: PlanChunk[] = [];
  let end = 0;
  for (const c of stream.chunks) {
    if (c.kind !== 'bytes' || c.data.length === 0) continue;
    body.set(c.data, end);
    end += c.data.length;
    chunks.push({ end, at: Math.max(0, c.t - t0) });
  }
  const events: PlanEvent[] = [];
  const idPatches: IdPatch[] = [];
  for (let i = 0; i < stream.rawEvents.length; i++) {
    const e = stream.rawEvents.at(i);
    if (!e) continue;
    events.push({ end: Math.min(e.span.end, total), type: e.type });
    if (stream.info.encoding === 'sse' && LIFECYCLE_TYPES.has(e.type))
      idPatches.push(...idPatchesIn(body, e.span.start, Math.min(e.span.end, total), e.payload));
  }
  return {
    source,
    status: stream.info.status,
    contentType: stream.info.contentType || SSE_TYPE,
    body,
    chunks,
    events,
    idPatches,
    ...(stream.info.requestBody !== undefined ? { requestBody: stream.info.requestBody } : {}),
  };
}

/** A replay run from the given SSE items (messages, events, edited lines). */
export function planFromItems(
  items: readonly SseItem[],
  source: string,
  extra: { status?: number; requestBody?: string } = {},
): ReplayRun {
  const { body, events, chunks } = sseBody(items);
  const idPatches: IdPatch[] = [];
  let start = 0;
  items.forEach((item, i) => {
    const ev = events[i];
    if (!ev) return;
    if (LIFECYCLE_TYPES.has(item.type)) {
      try {
        idPatches.push(...idPatchesIn(body, start, ev.end, JSON.parse(item.data)));
      } catch {
        // a line the user broke on purpose: sent as is
      }
    }
    start = ev.end;
  });
  return {
    source,
    status: extra.status ?? 200,
    contentType: SSE_TYPE,
    body,
    chunks,
    events,
    idPatches,
    ...(extra.requestBody !== undefined ? { requestBody: extra.requestBody } : {}),
  };
}

/** The whole recorded response of `stream` as one replay run. */
export function planFromStream(stream: StreamModel, source: string): ReplayRun {
  if (stream.info.encoding === 'sse' || stream.info.encoding === 'proto') return fromBytes(stream, source);
  const t0 = stream.info.startedAt;
  const items: SseItem[] = [];
  for (const c of stream.chunks) {
    if (c.kind === 'message')
      items.push({
        data: c.message.data,
        type: typeOf(jsonOrUndefined(c.message.data)),
        at: Math.max(0, c.t - t0),
        event: c.message.event,
        id: c.message.lastEventId,
      });
    else if (c.kind === 'event')
      items.push({ data: JSON.stringify(c.event), type: typeOf(c.event), at: Math.max(0, c.t - t0) });
  }
  return planFromItems(items, source, {
    status: stream.info.status || 200,
    ...(stream.info.requestBody !== undefined ? { requestBody: stream.info.requestBody } : {}),
  });
}

/** The run's events as JSON lines (what the editor shows); undecodable frames as their text. */
export function eventLines(run: ReplayRun): { readonly text: string; readonly type: string; readonly at: number }[] {
  const dec = new TextDecoder();
  const out: { text: string; type: string; at: number }[] = [];
  let start = 0;
  let chunk = 0;
  for (const e of run.events) {
    while (chunk < run.chunks.length - 1 && (run.chunks[chunk]?.end ?? 0) < e.end) chunk++;
    const frame = dec.decode(run.body.subarray(start, e.end));
    const data = frame
      .split(/\r\n|\r|\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(l.startsWith('data: ') ? 6 : 5))
      .join('\n');
    out.push({ text: data, type: e.type, at: run.chunks[chunk]?.at ?? 0 });
    start = e.end;
  }
  return out;
}
