// Recorded streams as replayable responses (src/core/io/recorded-runs.ts), and the run
// `serve` reads from its file each time it is served.
import type { IdField } from '../core/replay/types.js';
import type { RunHead, RecordedRun, ReplayPiece } from '../core/io/recorded-runs.js';
import type { PatchTable } from './serve/patch-table.js';

export type { Recording, RecordedRun, ReplayPiece, RunHead } from '../core/io/recorded-runs.js';
export { bodyOf, noRecordedRuns, recordingOf, runOfCapture, sseFrame } from './core-deps.js';

/** A run whose body is read from its file each time it is served (./serve/streamed-recording.ts). */
export interface StreamedRun extends RunHead {
  /**
   * The body's pieces with their arrival times, read from the file on demand; with `ids`,
   * the lifecycle events carry those in place of the recorded ones.
   */
  readonly readPieces: (ids?: Partial<Record<IdField, string>>) => AsyncIterable<ReplayPiece>;
  /** Where the ids sit in the body, when indexed ahead (SSE bodies and JSONL files). */
  readonly patches?: PatchTable;
}

export type ServedRun = RecordedRun | StreamedRun;
