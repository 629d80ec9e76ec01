// Line numbers for findings in an SSE body file read as a stream (lines.ts holds the
// file; this reads it once more): only the lines of the events findings point at are
// counted, so memory does not grow with the file. CR, LF and CRLF each end a line.
import type { Finding } from '../core/findings.js';
import type { OpenChunks } from '../core/io/stream/chunks.js';
import type { SessionModel } from '../core/model/types.js';
import type { LineOf } from './lines.js';
import { bodyEventStart } from './core-deps.js';

/** Line (1-based) of each byte offset asked about. */
export async function linesAt(open: OpenChunks, offsets: readonly number[]): Promise<Map<number, number>> {
  const targets = [...new Set(offsets)].sort((a, b) => a - b);
  const lines = new Map<number, number>();
  let next = 0;
  let breaks = 0;
  let cr = false;
  let pos = 0;
  for await (const piece of open()) {
    if (next >= targets.length) break;
    for (let i = 0; i < piece.length; i++, pos++) {
      const b = piece[i];
      // A CR ends a line unless an LF follows it (then the LF does).
      if (cr && b !== 0x0a) breaks++;
      cr = b === 0x0d;
      while (next < targets.length && targets[next] === pos) lines.set(targets[next++]!, breaks + 1);
      if (b === 0x0a) breaks++;
    }
  }
  if (cr) breaks++;
  while (next < targets.length) lines.set(targets[next++]!, breaks + 1);
  return lines;
}

export async function streamedLineLocator(
  file: string,
  open: OpenChunks,
  model: SessionModel,
): Promise<LineOf | undefined> {
  const body = bodyEventStart(model, file);
  if (body === undefined) return undefined;
  const offsetOf = (f: Finding): number | undefined => {
    const event = f.events[0];
    return event === undefined || f.streamId !== body.streamId ? undefined : body.startOf(event);
  };
  const offsets: number[] = [];
  for (const f of model.findings) {
    const o = offsetOf(f);
    if (o !== undefined) offsets.push(o);
  }
  const lines = offsets.length === 0 ? new Map<number, number>() : await linesAt(open, offsets);
  return (f) => {
    const o = offsetOf(f);
    return o === undefined ? undefined : lines.get(o);
  };
}
