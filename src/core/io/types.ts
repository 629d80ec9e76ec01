// What a loaded file becomes: captures (the same raw material the tap delivers) that
// feedCaptures replays into an Inspector. Loading never judges; the pipeline does.
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { CapturedChunk } from '../model/types.js';
import type { OriginalFinding } from './findings-before.js';
import type { SessionNoteV1 } from './session-notes.js';

export type LoadFormat = 'har' | 'sse' | 'proto' | 'jsonl' | 'json-array' | 'session' | 'bug-report';

export interface Capture {
  readonly open: StreamOpenInfo;
  readonly pieces: readonly CapturedChunk[];
  readonly end?: StreamEndInfo;
}

/** Why a request's body is missing from the file. */
export type BodilessReason = 'eventsource' | 'cut-off' | 'not-saved';

export interface BodilessRequest {
  readonly url: string;
  readonly method: string;
  /** ms since epoch (0 when the file does not say). */
  readonly startedAt: number;
  readonly durationMs: number;
  readonly status: number;
  readonly reason: BodilessReason;
  /** The browser's error text for a request that failed (Chrome's `_error`, Playwright's `_failureText`). */
  readonly error?: string;
  /** The body's sidecar file (Playwright's `recordHar` with `content: 'attach'`) the reader did not have. */
  readonly sidecar?: string;
}

/** What a bug report shows beside its session (untrusted text and pixels from the file). */
export interface BugReportView {
  readonly summary: string;
  /** Base64 PNG, checked to be base64 (never decoded here). */
  readonly timelinePng?: string;
  readonly createdAt?: number;
}

export type LoadResult =
  | {
      readonly ok: true;
      readonly format: LoadFormat;
      readonly captures: readonly Capture[];
      /** Things the user should know (skipped entries, assumptions); never fatal. */
      readonly notes: readonly string[];
      /** A session file's (or bug report's) notes, when it has any. */
      readonly sessionNotes?: readonly SessionNoteV1[];
      /** Event-stream requests the file names but holds no body for (HAR): shown as placeholders. */
      readonly bodiless?: readonly BodilessRequest[];
      /** A bug report's parts for people: its Markdown summary and timeline picture. */
      readonly report?: BugReportView;
      /** A redacted session's findings before masking (./findings-before.ts), when it carries them. */
      readonly findingsBefore?: readonly OriginalFinding[];
    }
  | { readonly ok: false; readonly error: string };

export function loadError(error: string): LoadResult {
  return { ok: false, error };
}
