// Events as an SSE body: what a replay sends for runs that were not recorded as SSE bytes
// (EventSource messages, JSONL files, edited runs). One `data:` line per event, as the
// AG-UI HTTP encoder writes them.
import type { PlanChunk, PlanEvent } from './types.js';

export interface SseBody {
  readonly body: Uint8Array;
  readonly events: readonly PlanEvent[];
  readonly chunks: readonly PlanChunk[];
}

export interface SseItem {
  /** The event's JSON text, sent as is (one line: newlines are split into data lines). */
  readonly data: string;
  readonly type: string;
  /** ms after the start of the run (0 when unknown). */
  readonly at: number;
  /** An SSE `event:` name other than the default. */
  readonly event?: string;
  /** The event's id as an EventSource saw it (its lastEventId); an `id:` line is written when it changes. */
  readonly id?: string;
}

export function sseBody(items: readonly SseItem[]): SseBody {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const events: PlanEvent[] = [];
  const chunks: PlanChunk[] = [];
  let end = 0;
  let lastId = '';
  for (const item of items) {
    const id = item.id !== undefined && item.id !== lastId ? `id: ${item.id.replace(/[\r\n\0]/g, ' ')}\n` : '';
    if (item.id !== undefined) lastId = item.id;
    const event = item.event && item.event !== 'message' ? `event: ${item.event.replace(/[\r\n]/g, ' ')}\n` : '';
    const head = `${id}${event}`;
    const lines = item.data.split(/\r\n|\r|\n/).map((l) => `data: ${l}\n`);
    const bytes = enc.encode(`${head}${lines.join('')}\n`);
    parts.push(bytes);
    end += bytes.length;
    events.push({ end, type: item.type });
    chunks.push({ end, at: item.at });
  }
  const body = new Uint8Array(end);
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.length;
  }
  return { body, events, chunks };
}
