// The stateful facade the panel, the CLI and the importers drive: it owns the per-stream
// decoders (framing state is not model data) and folds what they produce into the
// pure model with applyX transitions. One call per captured piece; cost per call does
// not grow with the session.
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from './capture.js';
import type { SessionModel } from './model/types.js';

export interface Inspector {
  /** The current model; a new object after every call that changed something. */
  readonly model: SessionModel;
  openStream(info: StreamOpenInfo): void;
  /** Raw body bytes of an 'sse' or 'proto' stream, exactly as they arrived. */
  appendBytes(streamId: string, bytes: Uint8Array, t: number): void;
  /** One message of an 'eventsource' stream. */
  appendMessage(streamId: string, message: EventSourceMessage, t: number): void;
  /** One already-parsed event of an 'events' stream (JSONL / JSON array import). */
  appendEvent(streamId: string, event: unknown, t: number): void;
  endStream(streamId: string, end: StreamEndInfo): void;
  /**
   * Runs several of the calls above as one: updates inside write in place what earlier
   * calls of the batch made (see model/log.ts), so a batch of N events costs less than N
   * calls. Reading `model` inside is allowed and the value read never changes afterwards.
   */
  batch(fn: () => void): void;
}

export interface InspectorOptions {
  /** Start from an existing model (e.g. preserve log across a reset of decoders). */
  readonly initial?: SessionModel;
}

// Implemented in ./pipeline/ (createInspector); declared here so every consumer shares one shape.
export type CreateInspector = (options?: InspectorOptions) => Inspector;
