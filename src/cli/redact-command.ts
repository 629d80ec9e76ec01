// `agui-inspector redact`: writes a copy of a HAR, session export, SSE body, protobuf
// body or JSONL with all data masked and credentials removed, and says what it replaced.
import { HIDE_LENGTHS_NOTE, describeCounts } from '../core/io/redact/options.js';
import { redactFile } from '../core/io/redact/redact-file.js';
import type { RedactCommand } from './redact-args.js';

export interface RedactIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readFile: (path: string) => Promise<Uint8Array>;
  readonly writeFile?: (path: string, bytes: Uint8Array) => Promise<void>;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Exit 0 when the redacted copy was written, 2 for unreadable input or output. */
export async function runRedact(io: RedactIo, command: RedactCommand): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(command.file);
  } catch (e) {
    io.stderr(`agui-inspector: ${command.file}: cannot read file: ${message(e)}\n`);
    return 2;
  }
  const result = redactFile(command.file, bytes, { hideLengths: command.hideLengths });
  if (!result.ok) {
    io.stderr(`agui-inspector: ${result.error}\n`);
    return 2;
  }
  if (io.writeFile === undefined) {
    io.stderr('agui-inspector: redact: this build cannot write files\n');
    return 2;
  }
  try {
    await io.writeFile(command.out, result.bytes);
  } catch (e) {
    io.stderr(`agui-inspector: ${command.out}: cannot write file: ${message(e)}\n`);
    return 2;
  }
  for (const note of result.notes) io.stderr(`agui-inspector: note: ${note}\n`);
  const lines = [`Redacted ${command.file} (${result.format}) to ${command.out}`];
  const counts = describeCounts(result.report);
  lines.push(...(counts.length > 0 ? counts.map((c) => `  ${c}`) : ['  nothing to redact']));
  if (result.report.credentials.length > 0) {
    lines.push('Credentials removed:', ...result.report.credentials.map((c) => `  ${c}`));
  }
  if (command.hideLengths) lines.push(`Note: ${HIDE_LENGTHS_NOTE}.`);
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
