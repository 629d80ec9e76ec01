// The stateful facade the panel, the CLI and the importers drive: it owns the per-stream
// decoders (framing state is not model data) and folds what they produce into the
// pure model with applyX transitions. One call per captured piece; cost per call does
// not grow with the session.
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from './capture.js';
import type { SessionModel, StreamModel } from './model/types.js';
import type { A2uiCatalogue } from './a2ui/catalogues.js';
import type { TimingLimits } from './catalogue/timing.js';

export interface Inspector {
  /**
   * The model, owned by the inspector and changed in place by every call below: the same
   * object for the inspector's life. Records carry the version of their last change.
   */
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
   * Tells the inspector the time is `now` (ms since epoch, the capturer's clock): findings
   * that come from time passing with no input (a body still open after its terminal event,
   * a stall) appear without a new piece. The panel calls it on a timer, the Playwright
   * fixture at assertion time, lint and probe at the end of their input.
   */
  tick(now: number): void;
  /**
   * The timing rules' thresholds from now on (the panel's settings change them while a
   * session runs); what was already reported stays.
   */
  setTimingLimits(limits: Partial<TimingLimits>): void;
  /**
   * Under a session cap: drops the oldest ended streams whole (every run they carried,
   * their findings) until about `bytes` are freed, counted by `measure` (default: wire
   * bytes; the panel passes its retained estimate); streams still receiving are never touched.
   */
  evictOldestRuns(
    bytes: number,
    measure?: (stream: StreamModel) => number,
  ): { readonly runs: number; readonly bytes: number };
}

// A session moves between inspectors as a session export (src/core/io), never as a model.
export interface InspectorOptions {
  /**
   * false: captured body bytes are decoded and judged, then not kept (a chunk keeps its
   * time and kind, its data is emptied; `bytes` still counts them). For one-shot linting
   * of files larger than memory: the findings, runs and calls are the same, but the
   * model's events can no longer be read back (no export, no payloads). Default true.
   */
  readonly keepCapturedBytes?: boolean;
  /**
   * 'findings': keep what the verdicts need, for one-shot linting of long recordings. Events
   * are counted, not kept (rawEvents/expanded read back nothing; `eventStarts` says where
   * each began), and a run the rules are done with keeps its keys, status, input and calls'
   * ids, names, segments and verdicts, but not deltas, argument or message text, or results
   * beyond their count. The findings are the same as with 'all'. Default 'all'.
   */
  readonly retain?: 'all' | 'findings';
  /** The timing rules' thresholds (src/core/catalogue/timing.ts); each defaults as there. */
  readonly timing?: Partial<TimingLimits>;
  /** The application's A2UI catalogue (src/core/a2ui/catalogues.ts parseA2uiCatalogue). */
  readonly a2uiCatalogue?: A2uiCatalogue;
}

// Implemented in ./pipeline/ (createInspector); declared here so every consumer shares one shape.
export type CreateInspector = (options?: InspectorOptions) => Inspector;
