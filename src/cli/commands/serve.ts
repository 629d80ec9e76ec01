// `agui-inspector serve`: load the recorded runs, answer requests with them until the
// user stops it (io.stopped), journalling each request on stdout.
import { inert } from '../format-text.js';
import { idList } from '../id-list.js';
import { EXIT_OK, EXIT_USAGE, parsedOrExit, readError, type CliIo } from '../io.js';
import { readRecordingInput } from '../har-bundle.js';
import { recordingOf, type Recording, type ServedRun } from '../recording.js';
import { startReplayServer, type JournalEntry } from '../serve/server.js';
import { caseList, caseSummary } from '../serve/case-report.js';
import { caseRun, pickCases } from '../core-deps.js';
import type { ClientCase } from '../../core/client-cases/types.js';
import { streamedRecording } from '../serve/streamed-recording.js';
import type { StreamedRecording } from '../serve/streamed-result.js';
import { parseServeArgs, SERVE_USAGE } from './serve-args.js';

const LISTED = 20;

export function journalLine(e: JournalEntry): string {
  const ids = `thread=${inert(e.threadId ?? '-')} run=${inert(e.runId ?? '-')}`;
  const answer = e.answeredBy !== undefined ? `→ ${e.answeredBy}` : '→ no recorded run';
  return `${e.method} ${inert(e.path)} ${ids} ${answer} ${e.status} ${e.bytes} bytes${e.aborted === true ? ' (client went away)' : ''}\n`;
}

/**
 * A saved SSE body is kept as an index and read again for each request it answers (a
 * file of any size); every other file is read whole. Undefined after saying why not.
 */
async function recordingFrom(io: CliIo, file: string): Promise<Recording | StreamedRecording | undefined> {
  if (io.openFile !== undefined) {
    try {
      const streamed = await streamedRecording(file, await io.openFile(file));
      if (streamed !== 'whole') return streamed;
    } catch (e) {
      io.stderr(`agui-inspector: ${file}: cannot read file: ${readError(e)}\n`);
      return undefined;
    }
  }
  const bytes = await readRecordingInput(io, file);
  return bytes === undefined ? undefined : recordingOf(file, bytes);
}

export async function runServe(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseServeArgs(argv), SERVE_USAGE);
  if (typeof parsed === 'number') return parsed;
  const runs: ServedRun[] = [];
  let cases: readonly ClientCase[] = [];
  if (parsed.cases.length > 0) {
    const listing = parsed.cases.length === 1 && parsed.cases[0] === 'list';
    const picked = pickCases(listing ? ['all'] : parsed.cases);
    if (!picked.ok) {
      io.stderr(`agui-inspector: --cases: ${picked.error}\n`);
      return EXIT_USAGE;
    }
    if (listing) {
      io.stdout(caseList(picked.cases));
      return EXIT_OK;
    }
    cases = picked.cases;
    runs.push(...cases.map((c) => caseRun(c)));
  }
  for (const file of parsed.files) {
    const recording = await recordingFrom(io, file);
    if (recording === undefined) return EXIT_USAGE;
    if (!recording.ok) {
      io.stderr(`agui-inspector: ${recording.error}\n`);
      return EXIT_USAGE;
    }
    for (const note of recording.notes) io.stderr(`agui-inspector: note: ${note}\n`);
    runs.push(...recording.runs);
  }
  // Listening for Ctrl+C before saying "serving": a stop asked for at once is not lost.
  const stopped = io.untilStopped?.() ?? new Promise<never>(() => undefined);
  const journal: JournalEntry[] = [];
  let server;
  try {
    server = await startReplayServer(runs, parsed.options, (entry) => {
      journal.push(entry);
      io.stdout(journalLine(entry));
    });
  } catch (e) {
    io.stderr(
      `agui-inspector: cannot listen on ${parsed.options.host}:${parsed.options.port}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return EXIT_USAGE;
  }
  io.stderr(
    `agui-inspector: serving ${runs.length} ${cases.length > 0 ? 'case or recorded run' : 'recorded run'}${runs.length === 1 ? '' : 's'} at ${server.url} (Ctrl+C to stop)\n`,
  );
  // Bounded: a file may hold thousands of requests, and one request thousands of runs.
  for (const run of runs.slice(0, LISTED)) {
    io.stderr(
      `  ${run.label}: ${run.encoding}, thread ${inert(run.threadId ?? '-')}, run ${inert(idList(run.runIds))}\n`,
    );
  }
  if (runs.length > LISTED) io.stderr(`  … and ${runs.length - LISTED} more\n`);
  await stopped;
  await server.close();
  if (cases.length > 0) io.stdout(caseSummary(cases, journal));
  io.stderr('agui-inspector: stopped\n');
  return EXIT_OK;
}
