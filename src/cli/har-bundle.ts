// A HAR as Playwright writes it, made whole before any reader sees it: a .zip (the HAR and
// its body files) is unpacked in memory, and with content: 'attach' the body files next to
// the HAR are read. Both come back as one HAR with its bodies inline; any other file is
// handed on untouched. Used by lint, print, stats, export and serve.
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { encodeUtf8, inlineSidecars, isRecord, parseJson, sidecarNames } from './core-deps.js';
import { readError, type CliIo } from './io.js';

export type Bundled =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly changed: boolean }
  | { readonly ok: false; readonly error: string };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const FILE_FIELD = encodeUtf8('"_file"');

export const isZip = (bytes: Uint8Array): boolean => ZIP_MAGIC.every((b, i) => bytes[i] === b);

function includes(bytes: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  for (let i = bytes.indexOf(first!); i >= 0 && i + needle.length <= bytes.length; i = bytes.indexOf(first!, i + 1)) {
    if (needle.every((b, j) => bytes[i + j] === b)) return true;
  }
  return false;
}

function parseHar(text: string): Record<string, unknown> | undefined {
  const parsed = parseJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  return parsed.ok && isRecord(parsed.value) && isRecord(parsed.value['log']) ? parsed.value : undefined;
}

function inlined(root: Record<string, unknown>, bodies: ReadonlyMap<string, Uint8Array>): Bundled {
  inlineSidecars(root, bodies);
  return { ok: true, bytes: encodeUtf8(JSON.stringify(root)), changed: true };
}

function fromZip(file: string, bytes: Uint8Array): Bundled {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (e) {
    return { ok: false, error: `${file}: a zip that cannot be read (${e instanceof Error ? e.message : String(e)})` };
  }
  const harName = Object.keys(files).find((name) => name.toLowerCase().endsWith('.har'));
  if (harName === undefined) return { ok: false, error: `${file}: a zip without a .har file in it` };
  const root = parseHar(new TextDecoder().decode(files[harName]));
  if (root === undefined) return { ok: false, error: `${file}: ${harName} in the zip is not a HAR (no log)` };
  return inlined(root, new Map(Object.entries(files)));
}

/** The file's bytes as a HAR with its bodies inline when it is a zip or names body files; else as they are. */
export async function bundledHar(io: Pick<CliIo, 'readFile'>, file: string, bytes: Uint8Array): Promise<Bundled> {
  if (isZip(bytes)) return fromZip(file, bytes);
  if (!includes(bytes, FILE_FIELD)) return { ok: true, bytes, changed: false };
  const root = parseHar(new TextDecoder().decode(bytes));
  const names = root !== undefined ? sidecarNames(root) : [];
  if (root === undefined || names.length === 0) return { ok: true, bytes, changed: false };
  const bodies = new Map<string, Uint8Array>();
  for (const name of names) {
    try {
      bodies.set(name, await io.readFile(join(dirname(file), name)));
    } catch (e) {
      // Left without its body: the entry becomes a capture/body-not-recorded finding naming the file.
      if (readError(e) !== 'no such file')
        return { ok: false, error: `${file}: cannot read its body file ${name}: ${readError(e)}` };
    }
  }
  return inlined(root, bodies);
}

/** The file read whole, as a HAR with its bodies when it is one; undefined after saying why not. */
export async function readRecordingInput(io: CliIo, file: string): Promise<Uint8Array | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(file);
  } catch (e) {
    io.stderr(`agui-inspector: ${file}: cannot read file: ${readError(e)}\n`);
    return undefined;
  }
  const bundled = await bundledHar(io, file, bytes);
  if (!bundled.ok) {
    io.stderr(`agui-inspector: ${bundled.error}\n`);
    return undefined;
  }
  return bundled.bytes;
}
