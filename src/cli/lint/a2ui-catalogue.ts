// The application's A2UI catalogue for `lint` (--a2ui-catalogue FILE, config "a2uiCatalogue"):
// read and parsed here, judged against in the core. A bad file is a usage error naming it.
import type { A2uiCatalogue } from '../../core/a2ui/catalogues.js';
import { parseA2uiCatalogue } from '../core-deps.js';
import { readError, type CliIo } from '../io.js';

/** The catalogue, or a message naming what is wrong. */
export async function readA2uiCatalogue(io: CliIo, file: string): Promise<A2uiCatalogue | string> {
  let text: string;
  try {
    text = new TextDecoder().decode(await io.readFile(file));
  } catch (e) {
    return `${file}: cannot read the A2UI catalogue: ${readError(e)}`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `${file}: the A2UI catalogue is not valid JSON (${e instanceof Error ? e.message : String(e)})`;
  }
  return parseA2uiCatalogue(value, file);
}
