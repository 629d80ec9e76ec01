// Shared by the SSE and protobuf decoder tests: both check that cutting a body
// anywhere yields the same events as feeding it whole.
import type { RawEvent } from '../events/types.js';
import type { FrameDecoder } from './types.js';

export { concatBytes as concat } from '../bytes.js';

/** Feed `bytes` to `d` cut at `cuts` (sorted offsets), chunk i at time i, then end at 999. */
export function feedChunked(
  d: FrameDecoder,
  bytes: Uint8Array,
  cuts: readonly number[],
): { events: RawEvent[]; lineEnding: FrameDecoder['lineEnding']; total: number } {
  const events: RawEvent[] = [];
  let prev = 0;
  [...cuts, bytes.length].forEach((cut, i) => {
    events.push(...d.push(bytes.subarray(prev, cut), i));
    prev = cut;
  });
  events.push(...d.end(999));
  return { events, lineEnding: d.lineEnding, total: d.bytes };
}

/** Events without their arrival time, which depends on where the body was cut. */
export const withoutTime = (events: readonly RawEvent[]): Omit<RawEvent, 't'>[] =>
  events.map(({ t: _t, ...rest }) => rest);
