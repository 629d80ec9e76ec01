// The executable: binds main() to the real process. Bundled to dist-cli/cli.js.
import { readFile, writeFile } from 'node:fs/promises';
import { main } from './main.js';

const noColor = process.env['NO_COLOR'] !== undefined && process.env['NO_COLOR'] !== '';

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: async (path) => new Uint8Array(await readFile(path)),
  writeFile: (path, bytes) => writeFile(path, bytes),
  color: process.stdout.isTTY === true && !noColor,
  version: typeof __AGUI_VERSION__ === 'string' ? __AGUI_VERSION__ : undefined,
});
// exitCode, not exit(): lets stdout drain when piped.
process.exitCode = code;
