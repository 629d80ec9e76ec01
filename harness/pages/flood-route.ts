// /flood?rate=R&seconds=S: an AG-UI run over SSE paced at R events a second for S seconds
// (R×S events in all), for the panel's flood benchmark and e2e. One run: text messages of
// FLOOD_MESSAGE_EVENTS events each (start, deltas, end), as a chatty agent streams them.
import type { ServerResponse } from 'node:http';

export const FLOOD_MESSAGE_EVENTS = 1000;
const TICK_MS = 20;

/** The flood's i-th of n events, as one SSE frame. */
export function floodFrame(i: number, n: number): string {
  if (i === 0) return 'data: {"type":"RUN_STARTED","threadId":"flood","runId":"flood-1"}\n\n';
  if (i === n - 1) return 'data: {"type":"RUN_FINISHED","threadId":"flood","runId":"flood-1"}\n\n';
  const j = i - 1;
  const k = j % FLOOD_MESSAGE_EVENTS;
  const id = `m${Math.floor(j / FLOOD_MESSAGE_EVENTS)}`;
  if (k === 0) return `data: {"type":"TEXT_MESSAGE_START","messageId":"${id}","role":"assistant"}\n\n`;
  if (k === FLOOD_MESSAGE_EVENTS - 1 || i === n - 2) return `data: {"type":"TEXT_MESSAGE_END","messageId":"${id}"}\n\n`;
  return `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"${id}","delta":"w${k} "}\n\n`;
}

/** Streams the flood, writing what is due every TICK_MS (so the rate holds over time). */
export async function streamFlood(res: ServerResponse, rate: number, seconds: number): Promise<void> {
  const total = Math.max(2, Math.round(rate * seconds));
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
  const t0 = performance.now();
  let sent = 0;
  while (sent < total && !res.destroyed) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
    let chunk = '';
    for (; sent < due; sent++) chunk += floodFrame(sent, total);
    if (chunk && !res.write(chunk)) await new Promise((r) => res.once('drain', r));
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  res.end();
}
