// What indexing a file for `serve` without holding it gives: its runs, each read again from
// the file for every request it answers, or why the file cannot be served. A leaf, so the
// SSE/JSONL indexer (streamed-recording.ts) and the HAR indexer (streamed-har.ts) both
// answer in it without importing each other.
import type { StreamedRun } from '../recording.js';

export type StreamedRecording =
  | { readonly ok: true; readonly runs: readonly StreamedRun[]; readonly notes: readonly string[] }
  | { readonly ok: false; readonly error: string };
