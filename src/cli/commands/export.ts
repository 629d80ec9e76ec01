// `agui-inspector export`: recorded runs as an SSE body, JSON Lines, a HAR or a
// Playwright module.
import { inert } from '../format-text.js';
import { idList } from '../id-list.js';
import { toHar } from '../export/to-har.js';
import { toPlaywright } from '../export/to-playwright.js';
import { describeSelection, selectRuns } from '../export/select-runs.js';
import { EXIT_OK, EXIT_USAGE, readError, parsedOrExit, readOrReport, type CliIo } from '../io.js';
import { readRecordingInput } from '../har-bundle.js';
import { bodyOf, recordingOf, type RecordedRun } from '../recording.js';
import { EXPORT_USAGE, parseExportArgs, type ExportFormat } from './export-args.js';

function sseOf(run: RecordedRun): Uint8Array | string {
  if (run.encoding === 'sse') return bodyOf(run);
  return run.events
    .filter((e) => e !== undefined)
    .map((e) => `data: ${JSON.stringify(e)}\n\n`)
    .join('');
}

function jsonlOf(run: RecordedRun): string {
  return run.events
    .filter((e) => e !== undefined)
    .map((e) => `${JSON.stringify(e)}\n`)
    .join('');
}

function render(
  as: ExportFormat,
  file: string,
  runs: readonly RecordedRun[],
  out: string | undefined,
  version: string | undefined,
): Uint8Array | string {
  switch (as) {
    case 'sse':
      return sseOf(runs[0]!);
    case 'jsonl':
      return jsonlOf(runs[0]!);
    case 'har':
      return toHar(runs, version);
    case 'playwright':
      return toPlaywright(file, runs, out?.endsWith('.ts') === true || out?.endsWith('.mts') === true);
  }
}

/** Whether a Date can be made of it (`toISOString` throws RangeError otherwise). */
const isTime = (ms: number) => Number.isFinite(new Date(ms).getTime());

const LISTED = 20;

/** The runs as the user names them, at most LISTED of them (a file may hold thousands). */
function runList(runs: readonly RecordedRun[]): string {
  const shown = runs
    .slice(0, LISTED)
    .map((r) => `${r.label} (thread ${inert(r.threadId ?? '-')}, run ${inert(idList(r.runIds))})`);
  return `${shown.join(', ')}${runs.length > LISTED ? ` and ${runs.length - LISTED} more` : ''}`;
}

export async function runExport(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseExportArgs(argv), EXPORT_USAGE);
  if (typeof parsed === 'number') return parsed;
  const bytes = await readRecordingInput(io, parsed.file);
  if (bytes === undefined) return EXIT_USAGE;
  const recording = readOrReport(io, recordingOf(parsed.file, bytes));
  if (!recording) return EXIT_USAGE;
  const runs = selectRuns(recording.runs, parsed);
  if (runs.length === 0) {
    io.stderr(
      `agui-inspector: ${parsed.file}: no run matches ${describeSelection(parsed)}; it holds ${runList(recording.runs)}\n`,
    );
    return EXIT_USAGE;
  }
  if ((parsed.as === 'sse' || parsed.as === 'jsonl') && runs.length > 1) {
    io.stderr(
      `agui-inspector: ${parsed.file}: --as ${parsed.as} writes one run; pick one with --run from ${runList(runs)}\n`,
    );
    return EXIT_USAGE;
  }
  const untimed = runs.find((r) => !isTime(r.startedAt));
  if (parsed.as === 'har' && untimed !== undefined) {
    io.stderr(
      `agui-inspector: ${parsed.file}: ${untimed.label} starts at ${inert(String(untimed.startedAt))}, which is not a ` +
        `time a HAR can hold (milliseconds since 1970 within ±8.64e15); fix its startedAt or export --as sse|jsonl\n`,
    );
    return EXIT_USAGE;
  }
  const output = render(parsed.as, parsed.file, runs, parsed.out, io.version);
  if (parsed.out === undefined) {
    io.stdout(typeof output === 'string' ? output : new TextDecoder().decode(output));
    return EXIT_OK;
  }
  if (io.writeFile === undefined) {
    io.stderr('agui-inspector: cannot write files here\n');
    return EXIT_USAGE;
  }
  try {
    await io.writeFile(parsed.out, output);
  } catch (e) {
    io.stderr(`agui-inspector: ${parsed.out}: cannot write file: ${readError(e)}\n`);
    return EXIT_USAGE;
  }
  io.stderr(`agui-inspector: wrote ${runs.length} run${runs.length === 1 ? '' : 's'} to ${parsed.out}\n`);
  return EXIT_OK;
}
