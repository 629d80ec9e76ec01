import type { RawEvent } from '../events/types.js';
import type { LineEnding } from '../model/types.js';
import type { DroppedSse } from './sse-drops.js';

/**
 * A per-stream byte decoder (SSE or AG-UI protobuf framing). Stateful: framing
 * state is not model data, so the inspector facade owns one per stream.
 */
export interface FrameDecoder {
  /** Bytes exactly as they arrived; returns the events this chunk completed. */
  push(bytes: Uint8Array, t: number): RawEvent[];
  /** The body ended: flush what a final blank line / frame end would have. */
  end(t: number): RawEvent[];
  /** What the client's SSE parser discarded since the last call (none for protobuf). */
  takeDropped(): readonly DroppedSse[];
  readonly lineEnding: LineEnding;
  /** Bytes pushed so far. */
  readonly bytes: number;
}
