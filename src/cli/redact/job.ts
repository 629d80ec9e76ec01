// What `redact` is asked to do and what it may touch, shared by its whole-file and streamed
// paths (./write-redacted.ts, ./write-streamed.ts).
import type { RedactedFormat } from '../../core/io/redact/redact-file.js';
import type { RedactionReport, RedactOptions } from '../../core/io/redact/options.js';
import type { OpenChunks } from '../../core/io/stream/chunks.js';
import type { FileWriter } from '../io.js';

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

export type Outcome =
  | {
      readonly ok: true;
      readonly format: RedactedFormat;
      readonly report: RedactionReport;
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly code: number };

export const FAILED = { ok: false, code: 2 } as const;

export const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const optionsOf = (command: RedactJob): RedactOptions => ({
  hideLengths: command.hideLengths,
  ...(command.strict ? { strict: true } : {}),
});

/** `run`'s result, or FAILED after saying `what` and why on stderr. */
export async function tried<T>(
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
