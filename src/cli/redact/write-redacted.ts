// `agui-inspector redact`: writes a copy of a HAR, session export, SSE body, protobuf
// body or JSONL with all data masked and credentials removed, and says what it replaced.
import { describeCounts, HIDE_LENGTHS_NOTE, redactFile, STRICT_NOTE } from '../core-deps.js';
import { bundledHar } from '../har-bundle.js';
import { FAILED, optionsOf, tried, type Outcome, type RedactIo, type RedactJob } from './job.js';
import { redactStreamed } from './write-streamed.js';

export type { RedactIo, RedactJob } from './job.js';

/** Credential removals listed one per line, at most this many (a big file may hold thousands). */
const LISTED = 50;

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
  const result = (await redactStreamed(io, command)) ?? (await whole(io, command));
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
