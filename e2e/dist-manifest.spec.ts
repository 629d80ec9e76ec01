// The built extension (dist/, made by the suite's global setup) against its own manifest:
// every file the manifest names exists, every script and stylesheet its pages load exists,
// and the version is the package's. A missing file would only show when Chrome loads it.
import { expect } from '@playwright/test';
import { test } from './worker-fixtures.js';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { htmlAssets, manifestFiles } from '../build/manifest-files.js';

const dist = resolve(import.meta.dirname, '../dist');
const read = (rel: string): string => readFileSync(resolve(dist, rel), 'utf8');

test('dist/ has every file its manifest names, at the package version', () => {
  const manifest = JSON.parse(read('manifest.json')) as {
    version?: string;
    devtools_page?: string;
    action?: { default_title?: string };
  };
  // The toolbar button opens the offline viewer (extension/background.ts).
  expect(manifest.action?.default_title).toBe('AG-UI Inspector: open the offline viewer');
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string };
  expect(manifest.version).toBe(pkg.version);
  const files = manifestFiles(manifest);
  expect(files.length).toBeGreaterThanOrEqual(5);
  expect(
    files.filter((f) => !existsSync(resolve(dist, f))),
    'named by manifest.json but missing',
  ).toEqual([]);
});

test('the extension pages load only files that exist in dist/', () => {
  for (const page of ['devtools.html', 'panel.html', 'rules.html']) {
    const assets = htmlAssets(read(page));
    expect(assets.length, page).toBeGreaterThan(0);
    expect(
      assets.filter((a) => !existsSync(resolve(dist, a))),
      `${page} loads missing files`,
    ).toEqual([]);
  }
});

test('webRequest is optional, never a required permission (Chrome and, when built, Firefox)', () => {
  const manifests = [resolve(dist, 'manifest.json'), resolve(dist, '../dist-firefox/manifest.json')].filter(
    (f, i) => i === 0 || existsSync(f),
  );
  for (const file of manifests) {
    const m = JSON.parse(readFileSync(file, 'utf8')) as { permissions?: string[]; optional_permissions?: string[] };
    expect(m.permissions ?? [], file).not.toContain('webRequest');
    expect(m.optional_permissions, file).toContain('webRequest');
  }
});
