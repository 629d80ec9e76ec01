// Line numbers for findings in a file that is itself an SSE body, so CI annotations and
// SARIF results point at the event's line (1-based; CR, LF and CRLF all end a line).
import type { Finding } from '../core/findings.js';
import type { SessionModel } from '../core/model/types.js';
import { bodyEventStart } from './core-deps.js';

export type LineOf = (f: Finding) => number | undefined;

function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) starts.push(i + 1);
  }
  return starts;
}

/** The line holding byte `offset`: the last line start at or before it. */
function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

export function lineLocator(file: string, bytes: Uint8Array, model: SessionModel): LineOf | undefined {
  const body = bodyEventStart(model, file);
  if (body === undefined) return undefined;
  const starts = lineStarts(bytes);
  return (f) => {
    const event = f.events[0];
    const offset = event === undefined || f.streamId !== body.streamId ? undefined : body.startOf(event);
    return offset === undefined ? undefined : lineAt(starts, offset);
  };
}
