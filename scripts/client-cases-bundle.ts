// The corpus bundle's text, read from test/conformance (shared by the bundling script and
// the test that keeps the committed bundle equal to it).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CORPUS = fileURLToPath(new URL('../test/conformance/', import.meta.url));
const VERSIONS = ['1.0', '1.1', 'draft'] as const;

export function corpusBundle(): string {
  const entries = VERSIONS.flatMap((version) => {
    const dir = `${CORPUS}${version}/streams/`;
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((file) => ({ version, file, fixture: JSON.parse(readFileSync(dir + file, 'utf8')) as unknown }));
  });
  return `${JSON.stringify(entries)}\n`;
}
