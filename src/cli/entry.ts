// The executable: binds main() to the real process. Bundled to dist-cli/cli.js.
import { writeFile } from 'node:fs/promises';
import { createWriter, sameFile } from './file-writer.js';
import { setFlagsFromString } from 'node:v8';
import { openRegularFile, readRegularFile } from './read-regular-file.js';
import { commandNamed } from './commands/registry.js';
import { EXIT_INTERNAL, main } from './main.js';
import { findViewerDir, openUrl } from './open-url.js';
import { outputColumns } from './format-text.js';

// A reader that went away (`| head`) is not an error of ours: stop writing quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

// After each full collection V8 lets the heap grow up to 4x what survived before collecting
// again (its default when collecting is cheap); a linter whose kept model grows steadily
// then peaks at up to 4x that model. 1.5x bounds the peak near 1.5x the model at the same
// speed (npm run bench:cli: 500 MB SSE body 231-234 MB instead of 283-325 MB). Only for
// the commands the registry marks tightHeap: lint, whose model grows with its input, and
// redact, whose streamed pass over a large file makes garbage at the rate it reads (a 500
// MB SSE body 321 MB → see docs/performance.md), and probe, which reads each answer up to
// --max-bytes as fast as a server sends it (64 MB of endless events peaked near 500 MB on a
// busy machine with the default growth): V8 does not promise that a flag changed
// at run time is safe, so long-running commands (serve) keep the defaults.
if (commandNamed(process.argv[2])?.tightHeap === true) setFlagsFromString('--heap-growing-percent=50');

// An error that escapes main() (an event handler of a long-running command) is a bug too:
// exit with its own status, never 1 ("findings").
const crash = (e: unknown) => {
  process.stderr.write(
    `agui-inspector: internal error (a bug, please report it):\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  );
  process.exit(EXIT_INTERNAL);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

const noColor = process.env['NO_COLOR'] !== undefined && process.env['NO_COLOR'] !== '';

// Ctrl+C / SIGTERM end long-running commands (serve) cleanly instead of killing the
// process; only those commands ask, so Ctrl+C still interrupts a long lint.
const untilStopped = () =>
  new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: readRegularFile,
  openFile: openRegularFile,
  writeFile: (path, data) => writeFile(path, data),
  createWriter,
  sameFile,
  color: process.stdout.isTTY === true && !noColor,
  cwd: process.cwd(),
  ...((columns) => (columns !== undefined ? { columns } : {}))(outputColumns(process.stdout, process.env['COLUMNS'])),
  untilStopped,
  openUrl,
  ...((viewerDir) => (viewerDir !== undefined ? { viewerDir } : {}))(findViewerDir(import.meta.url)),
  version: typeof __AGUI_VERSION__ === 'string' ? __AGUI_VERSION__ : undefined,
});
// exitCode, not exit(): lets stdout drain when piped.
process.exitCode = code;
