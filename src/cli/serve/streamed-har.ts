// `serve` on a HAR without holding it: one streamed read (core/io/stream/stream-har.ts)
// judges every entry as the linter's loader does and keeps, per entry that holds a run,
// what serve lists and matches on and where the entry's bytes lie in the file. A request
// reads that one entry again, parses it and plays it as the whole-file path would: a HAR
// costs its largest entry, not its size.
import type { InspectorOptions } from '../../core/inspector.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import { readEntry, readRange, scanHar } from '../core-deps.js';
import { runOfCapture, noRecordedRuns, type RunHead, type StreamedRun } from '../recording.js';
import { withRequestIds } from './rewrite-ids.js';
import type { StreamedRecording } from './streamed-result.js';

// The index keeps a run's head: the inspector keeps no bytes and no events for it.
const HEAD_ONLY: InspectorOptions = { retain: 'findings', keepCapturedBytes: false };

interface Indexed {
  readonly head: Omit<RunHead, 'label'>;
  readonly entry: number;
  readonly start: number;
  readonly end: number;
  readonly ours: boolean;
}

async function entryBytes(open: OpenChunks, start: number, end: number): Promise<Uint8Array> {
  const out = new Uint8Array(end - start);
  let at = 0;
  for await (const piece of readRange(open, start, end)) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** The entry read again from the file, as a run with the label the index gave it. */
async function reread(file: string, open: OpenChunks, e: Indexed, label: number) {
  const value: unknown = JSON.parse(new TextDecoder().decode(await entryBytes(open, e.start, e.end)));
  const outcome = readEntry(file, value, e.entry, undefined, e.ours);
  const run = outcome.kind === 'capture' ? runOfCapture(file, outcome.capture, label) : undefined;
  if (run === undefined) throw new Error(`${file}: entry ${e.entry} changed since serve read it`);
  return run;
}

export async function streamedHar(
  file: string,
  open: OpenChunks,
  pieces: AsyncIterable<Uint8Array>,
): Promise<StreamedRecording | 'whole'> {
  const found: Indexed[] = [];
  const scanned = await scanHar(file, pieces, ({ index, outcome, start, end, ours }) => {
    if (outcome.kind !== 'capture') return;
    // The entry's run is made as the whole-file path makes it; only its head is kept.
    const run = runOfCapture(file, outcome.capture, 0, HEAD_ONLY);
    if (run === undefined) return;
    const { label: _label, pieces: _pieces, events: _events, idPatches: _patches, ...head } = run;
    found.push({ head, entry: index, start, end, ours });
  });
  if (scanned === 'whole' || !scanned.ok) return scanned;
  // Bodies in files next to the HAR (Playwright's content: 'attach'): the whole-file path reads them.
  if (scanned.bodiless.some((b) => b.sidecar !== undefined)) return 'whole';
  // Requests in the order they were made, as the whole-file loader sorts them.
  found.sort((a, b) => a.head.startedAt - b.head.startedAt || a.entry - b.entry);
  if (found.length === 0) return noRecordedRuns(file);
  const runs = found.map((e, i): StreamedRun => ({
    ...e.head,
    label: `${file}#${i + 1}`,
    async *readPieces(ids) {
      const run = await reread(file, open, e, i);
      yield* ids === undefined ? run.pieces : withRequestIds(run, ids);
    },
  }));
  return { ok: true, runs, notes: scanned.notes };
}
