// `redact` of a large SSE body, JSONL file or HAR, read and written piece by piece, checked
// as the whole-file path is (src/core/io/redact/verify.ts): the original and the written
// copy are linted as lint reads them (streamed too), and when masking numbers and booleans
// changed the findings the file is redacted again keeping them. Never holds the file.
import type { FindingRecordV1 } from '../../core/io/session-format.js';
import type { RedactOptions } from '../../core/io/redact/options.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import {
  findingRecords,
  findingsOfFile,
  inspectStream,
  redactHarStream,
  redactStream,
  sameFindings,
  verificationNotes,
} from '../core-deps.js';
import { FAILED, message, optionsOf, tried, type Outcome, type RedactIo, type RedactJob } from './job.js';
import { streamedFormat } from './streamed-format.js';

type Format = NonNullable<Awaited<ReturnType<typeof streamedFormat>>>;

/** A file's findings as lint reads it (streamed when it can be); undefined when it does not load. */
async function findingsOf(
  io: RedactIo,
  name: string,
  open: OpenChunks,
): Promise<readonly FindingRecordV1[] | undefined> {
  const inspected = await inspectStream(name, open, { retain: 'findings' });
  if (inspected === 'whole') return findingsOfFile(name, await io.readFile(name));
  return inspected.ok ? findingRecords(inspected.model) : undefined;
}

type Written = Extract<Outcome, { ok: true }> | typeof FAILED | 'whole';

/** One redaction of the file into OUT with `options`. */
async function writeOnce(
  io: RedactIo & Required<Pick<RedactIo, 'openFile' | 'createWriter'>>,
  command: RedactJob,
  open: OpenChunks,
  format: Format,
  options: RedactOptions,
): Promise<Written> {
  const created = await tried(io, `${command.out}: cannot write file`, () => io.createWriter(command.out));
  if (!created.ok) return FAILED;
  const writer = created.value;
  try {
    // Strict streams too: its one table of pseudonyms lives in the report, across blocks.
    const r =
      format === 'har'
        ? await redactHarStream(open(), options, writer.write)
        : await redactStream(open, format, options, writer.write);
    if (r === 'whole') {
      // Not a HAR the stream can judge as the whole-file path would: that path says.
      await writer.abort();
      return 'whole';
    }
    await writer.close();
    return { ok: true, format, report: r.report, notes: [] };
  } catch (e) {
    await writer.abort().catch(() => undefined);
    io.stderr(`agui-inspector: ${command.file}: could not be redacted (${message(e)}); nothing written\n`);
    return FAILED;
  }
}

/** A large SSE body, JSONL file or HAR, redacted as a stream and checked; undefined: read it whole. */
export async function redactStreamed(io: RedactIo, command: RedactJob): Promise<Outcome | undefined> {
  const { openFile, createWriter } = io;
  if (openFile === undefined || createWriter === undefined) return undefined;
  const streamIo = { ...io, openFile, createWriter };
  const opened = await tried(io, `${command.file}: cannot read file`, async () => {
    const open = await openFile(command.file);
    return { open, format: await streamedFormat(open) };
  });
  if (!opened.ok) return FAILED;
  const { open, format } = opened.value;
  if (format === undefined) return undefined;
  const options = optionsOf(command);
  const first = await writeOnce(streamIo, command, open, format, options);
  if (first === 'whole') return undefined;
  if (!first.ok) return first;
  const before = await tried(io, `${command.file}: cannot read file`, () => findingsOf(io, command.file, open));
  if (!before.ok) return FAILED;
  // Not a file lint reads: nothing to keep equal (the whole-file path does the same).
  const original = before.value;
  if (original === undefined) return first;
  const same = async (): Promise<boolean | typeof FAILED> => {
    const after = await tried(io, `${command.out}: cannot read the redacted copy back`, async () =>
      findingsOf(io, command.out, await openFile(command.out)),
    );
    return after.ok ? after.value !== undefined && sameFindings(original, after.value) : FAILED;
  };
  const checked = await same();
  if (checked === true) return first;
  if (checked === FAILED) return FAILED;
  // Masking changed the findings: again, keeping data's numbers and booleans.
  const kept = await writeOnce(streamIo, command, open, format, { ...options, keepScalars: true });
  if (kept === 'whole' || !kept.ok) return kept === 'whole' ? undefined : kept;
  const keptChecked = await same();
  if (keptChecked === FAILED) return FAILED;
  if (keptChecked) return { ...kept, notes: verificationNotes(true, false, false) };
  // Keeping values did not help: the more masked copy again, and a note that it lints differently.
  const again = await writeOnce(streamIo, command, open, format, options);
  if (again === 'whole' || !again.ok) return again === 'whole' ? undefined : again;
  return { ...again, notes: verificationNotes(false, true, false) };
}
