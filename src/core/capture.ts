// Raw material as captured: what the page-side tap, the relay, the file loader and the
// session export all carry. No meaning here; decoding happens in the core pipeline.

export type Transport = 'fetch' | 'eventsource' | 'xhr' | 'import';

/** How a stream's bytes are framed. */
export type StreamEncoding =
  | 'sse' // text/event-stream bytes
  | 'proto' // application/vnd.ag-ui.event+proto length-prefixed frames
  | 'eventsource' // already-framed EventSource messages (data strings)
  | 'events' // already-decoded JSON events (JSONL / JSON array import)
  // A run request answered with no AG-UI body (a non-2xx status, another content type, a
  // network error, an abort before the answer): its bytes are the start of what came back.
  | 'none';

export type StreamEndReason =
  | 'complete' // the body ended normally
  | 'aborted' // the page aborted the fetch
  | 'cancelled' // the page cancelled the reader
  | 'error' // network or stream error
  | 'closed' // EventSource.close() by the page
  | 'capture-truncated' // we stopped copying at the byte cap; the page kept reading
  | 'navigated' // the page navigated or reloaded while the stream was open
  | 'tab-closed' // the tab closed while the stream was open
  | 'unknown'; // import without end information

/** Every value of the unions above, for readers that check untrusted input against them. */
export const TRANSPORTS: readonly Transport[] = ['fetch', 'eventsource', 'xhr', 'import'];
export const STREAM_ENCODINGS: readonly StreamEncoding[] = ['sse', 'proto', 'eventsource', 'events', 'none'];
export const STREAM_END_REASONS: readonly StreamEndReason[] = [
  'complete',
  'aborted',
  'cancelled',
  'error',
  'closed',
  'capture-truncated',
  'navigated',
  'tab-closed',
  'unknown',
];

export interface StreamOpenInfo {
  readonly streamId: string;
  readonly transport: Transport;
  readonly encoding: StreamEncoding;
  readonly url: string;
  readonly method: string;
  /** Header values for credentials arrive already redacted by the tap. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** The request body as text (JSON expected), capped; absent when none or unreadable. */
  readonly requestBody?: string;
  /** Why the body is missing or partial: '[stream]', '[binary]', '[truncated]'. */
  readonly requestBodyNote?: string;
  readonly status: number;
  readonly contentType: string;
  /** ms since epoch, as measured by the capturer: when the response headers arrived. */
  readonly startedAt: number;
  /**
   * When the request was sent (ms since epoch), where the capturer saw it go: with
   * startedAt it gives the time to response headers. Optional in the session format.
   */
  readonly requestedAt?: number;
  readonly frameUrl?: string;
  /** Answered by an armed replay inside the page, not by the network (see docs/replay.md). */
  readonly replayed?: ReplayedFrom;
}

export interface ReplayedFrom {
  /** What the user picked to replay: file (or "this tab") and run ("customer.har · run-7"). */
  readonly source: string;
  /** The URL the replayed run was recorded from, when the recording names one. */
  readonly recordedUrl?: string;
  readonly armId: string;
  /** Which run of the armed replay (0-based). */
  readonly index: number;
}

export interface StreamEndInfo {
  readonly reason: StreamEndReason;
  readonly t: number;
  readonly error?: string;
}

/** One EventSource delivery, already framed by the EventSource object. */
export interface EventSourceMessage {
  readonly event: string;
  readonly data: string;
  readonly lastEventId: string;
}
