#!/usr/bin/env node
// Shim for the bundled CLI (dist-cli/cli.js, built by `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist-cli/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('agui-inspector: the CLI is not built (dist-cli/cli.js is missing): run npm run build first\n');
  process.exitCode = 2;
} else {
  await import(cli.href);
}
