// `agui-inspector redact`: writes a copy of a HAR, session export, SSE body, protobuf
// body or JSONL with all data masked and credentials removed, and says what it replaced.
import type { RedactOptions } from '../../core/io/redact/options.js';
import {
  describeCounts,
  HIDE_LENGTHS_NOTE,
  redactFile,
  redactHarStream,
  redactStream,
  STRICT_NOTE,
} from '../core-deps.js';
import type { RedactedFormat } from '../../core/io/redact/redact-file.js';
import type { RedactionReport } from '../../core/io/redact/options.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import { bundledHar } from '../har-bundle.js';
import type { FileWriter } from '../io.js';
import { streamedFormat } from './streamed-format.js';

/** What to redact, and how: the redact command's parsed arguments. */
export interface RedactJob {
  readonly file: string;
  readonly out: string;
  readonly hideLengths: boolean;
  /** Ids, names, state keys, URL path segments… become per-file pseudonyms too. */
  readonly strict: boolean;
}

export interface RedactIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => Promise<Uint8Array>;
  readonly writeFile?: (path: string, bytes: Uint8Array) => Promise<void>;
  /** With createWriter: large SSE bodies and JSONL files are redacted as they are read. */
  readonly openFile?: (path: string) => Promise<OpenChunks>;
  readonly createWriter?: (path: string) => Promise<FileWriter>;
  readonly sameFile?: (a: string, b: string) => Promise<boolean>;
}

/** Credential removals listed one per line, at most this many (a big file may hold thousands). */
const LISTED = 50;

type Outcome =
  | {
      readonly ok: true;
      readonly format: RedactedFormat;
      readonly report: RedactionReport;
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly code: number };

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const optionsOf = (command: RedactJob): RedactOptions => ({
  hideLengths: command.hideLengths,
  ...(command.strict ? { strict: true } : {}),
});

const FAILED = { ok: false, code: 2 } as const;

/** `run`'s result, or FAILED after saying `what` and why on stderr. */
async function tried<T>(
  io: RedactIo,
  what: string,
  run: () => Promise<T>,
): Promise<{ readonly ok: true; readonly value: T } | typeof FAILED> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    io.stderr(`agui-inspector: ${what}: ${message(e)}\n`);
    return FAILED;
  }
}

/** A large SSE body, JSONL file or HAR, read and written piece by piece; undefined: read it whole. */
async function streamed(io: RedactIo, command: RedactJob): Promise<Outcome | undefined> {
  const { openFile, createWriter } = io;
  if (openFile === undefined || createWriter === undefined) return undefined;
  const opened = await tried(io, `${command.file}: cannot read file`, async () => {
    const open = await openFile(command.file);
    return { open, format: await streamedFormat(open) };
  });
  if (!opened.ok) return FAILED;
  const { open, format } = opened.value;
  if (format === undefined) return undefined;
  const created = await tried(io, `${command.out}: cannot write file`, () => createWriter(command.out));
  if (!created.ok) return FAILED;
  const writer = created.value;
  try {
    // Strict streams too: its one table of pseudonyms lives in the report, across blocks.
    const r =
      format === 'har'
        ? await redactHarStream(open(), optionsOf(command), writer.write)
        : await redactStream(open, format, optionsOf(command), writer.write);
    if (r === 'whole') {
      // Not a HAR the stream can judge as the whole-file path would: that path says.
      await writer.abort();
      return undefined;
    }
    await writer.close();
    return { ok: true, format, report: r.report, notes: [] };
  } catch (e) {
    await writer.abort().catch(() => undefined);
    io.stderr(`agui-inspector: ${command.file}: could not be redacted (${message(e)}); nothing written\n`);
    return FAILED;
  }
}

async function whole(io: RedactIo, command: RedactJob): Promise<Outcome> {
  const read = await tried(io, `${command.file}: cannot read file`, () => io.readFile(command.file));
  if (!read.ok) return FAILED;
  // Playwright's .zip HARs and content: 'attach' HARs, with their bodies inline as lint reads them.
  const bundled = await bundledHar(io, command.file, read.value);
  if (!bundled.ok) {
    io.stderr(`agui-inspector: ${bundled.error}\n`);
    return FAILED;
  }
  const result = redactFile(command.file, bundled.bytes, optionsOf(command));
  if (!result.ok) {
    io.stderr(`agui-inspector: ${result.error}\n`);
    return FAILED;
  }
  const { writeFile } = io;
  if (writeFile === undefined) {
    io.stderr('agui-inspector: redact: this build cannot write files\n');
    return FAILED;
  }
  const written = await tried(io, `${command.out}: cannot write file`, () => writeFile(command.out, result.bytes));
  if (!written.ok) return FAILED;
  const notes = bundled.changed ? [...result.notes, `${command.file}: ${BUNDLED_NOTE}`] : result.notes;
  return { ok: true, format: result.format, report: result.report, notes };
}

const BUNDLED_NOTE = 'a Playwright HAR with bodies in separate files: wrote one HAR with those bodies inline, redacted';

/** Exit 0 when the redacted copy was written, 2 for unreadable input or output. */
export async function writeRedacted(io: RedactIo, command: RedactJob): Promise<number> {
  // Overwriting the only copy of a customer's file with a redacted one is never wanted.
  if ((await io.sameFile?.(command.file, command.out)) === true) {
    io.stderr(`agui-inspector: redact: ${command.out} is ${command.file}; write the redacted copy elsewhere\n`);
    return 2;
  }
  const result = (await streamed(io, command)) ?? (await whole(io, command));
  if (!result.ok) return result.code;
  for (const note of result.notes) io.stderr(`agui-inspector: note: ${note}\n`);
  const lines = [`Redacted ${command.file} (${result.format}) to ${command.out}`];
  const counts = describeCounts(result.report);
  lines.push(...(counts.length > 0 ? counts.map((c) => `  ${c}`) : ['  nothing to redact']));
  const credentials = result.report.credentials;
  if (credentials.length > 0) {
    lines.push('Credentials removed:', ...credentials.slice(0, LISTED).map((c) => `  ${c}`));
    if (credentials.length > LISTED) lines.push(`  … and ${credentials.length - LISTED} more`);
  }
  if (command.strict) lines.push(`Note: ${STRICT_NOTE}.`);
  if (command.hideLengths) lines.push(`Note: ${HIDE_LENGTHS_NOTE}.`);
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
