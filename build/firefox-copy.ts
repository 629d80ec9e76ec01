// The Firefox extension is the Chrome one with another manifest: the same environments build
// the same bytes from the same inputs (a `--mode firefox` build differed from dist/ only in
// manifest.json). So the default build writes dist-firefox/ as a copy of dist/ with the
// Firefox manifest, instead of bundling everything a second time (18 CPU-s of `npm test`).
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firefoxManifest } from './firefox-manifest.js';

export function writeFirefoxCopy(chromeDir: string, firefoxDir: string): void {
  rmSync(firefoxDir, { recursive: true, force: true });
  cpSync(chromeDir, firefoxDir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(chromeDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(firefoxDir, 'manifest.json'), `${JSON.stringify(firefoxManifest(manifest), null, 2)}\n`);
}
