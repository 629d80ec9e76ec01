// One lint input through the core: streamed when the I/O can open it as pieces and the
// content allows (SSE/protobuf bodies, HARs), else read whole. Either way the same
// findings, notes and line numbers; an unreadable file is a message, never a throw.
import type { InspectorOptions } from '../core/inspector.js';
import { inspectBytes, inspectStream } from './core-deps.js';
import type { SessionModel } from '../core/model/types.js';
import type { BodilessRequest } from '../core/io/types.js';
import { bundledHar } from './har-bundle.js';
import { readError, type CliIo } from './io.js';
import { lineLocator, type LineOf } from './lines.js';
import { streamedLineLocator } from './stream-lines.js';

export type InputResult =
  | {
      readonly ok: true;
      readonly model: SessionModel;
      readonly notes: readonly string[];
      readonly lineOf?: LineOf;
      readonly bodiless?: readonly BodilessRequest[];
    }
  | { readonly ok: false; readonly error: string };

const cannotRead = (file: string, e: unknown): InputResult => ({
  ok: false,
  error: `${file}: cannot read file: ${readError(e)}`,
});

// The linter reads only the findings, runs and where events start: the model keeps no more.
const LINT: InspectorOptions = { retain: 'findings' };

/** An input read either way, with its line locator when lines point into the user's file. */
function inputOf(
  result: Pick<Extract<InputResult, { ok: true }>, 'model' | 'notes' | 'bodiless'>,
  lineOf: Extract<InputResult, { ok: true }>['lineOf'],
): InputResult {
  return {
    ok: true,
    model: result.model,
    notes: result.notes,
    ...(lineOf !== undefined ? { lineOf } : {}),
    ...(result.bodiless !== undefined ? { bodiless: result.bodiless } : {}),
  };
}

async function streamed(io: CliIo, file: string, options: InspectorOptions): Promise<InputResult | 'whole'> {
  if (io.openFile === undefined) return 'whole';
  try {
    const open = await io.openFile(file);
    const result = await inspectStream(file, open, options);
    if (result === 'whole' || !result.ok) return result;
    // Bodies in files next to the HAR (Playwright's content: 'attach'): read whole, with them.
    if (result.bodiless?.some((b) => b.sidecar !== undefined) === true) return 'whole';
    return inputOf(result, await streamedLineLocator(file, open, result.model));
  } catch (e) {
    return cannotRead(file, e);
  }
}

export async function inspectInput(io: CliIo, file: string, extra: InspectorOptions = {}): Promise<InputResult> {
  const options = { ...LINT, ...extra };
  const first = await streamed(io, file, options);
  if (first !== 'whole') return first;
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(file);
  } catch (e) {
    return cannotRead(file, e);
  }
  const bundled = await bundledHar(io, file, bytes);
  if (!bundled.ok) return bundled;
  const result = inspectBytes(file, bundled.bytes, options);
  if (!result.ok) return result;
  // Line numbers point into the file the user has: a HAR rebuilt with its bodies has others.
  return inputOf(result, bundled.changed ? undefined : lineLocator(file, bytes, result.model));
}
