// What a loaded file becomes: captures (the same raw material the tap delivers) that
// feedCaptures replays into an Inspector. Loading never judges; the pipeline does.
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { CapturedChunk } from '../model/types.js';
import type { SessionNoteV1 } from './session-notes.js';

export type LoadFormat = 'har' | 'sse' | 'proto' | 'jsonl' | 'json-array' | 'session' | 'bug-report';

export interface Capture {
  readonly open: StreamOpenInfo;
  readonly pieces: readonly CapturedChunk[];
  readonly end?: StreamEndInfo;
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
    }
  | { readonly ok: false; readonly error: string };

export function loadError(error: string): LoadResult {
  return { ok: false, error };
}
