import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFirefoxCopy } from './firefox-copy.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'firefox-copy-'));
  dirs.push(dir);
  return dir;
}

describe('writeFirefoxCopy', () => {
  it('copies every file of the Chrome build and gives the copy a Firefox manifest', () => {
    const chrome = tempDir();
    const firefox = join(tempDir(), 'dist-firefox');
    mkdirSync(join(chrome, 'assets'));
    const bundle = Buffer.from([0, 1, 2, 255, 10]);
    writeFileSync(join(chrome, 'assets', 'panel-abc.js'), bundle);
    const manifest = {
      manifest_version: 3,
      name: 'AG-UI Inspector',
      version: '1.2.3',
      minimum_chrome_version: '120',
      background: { service_worker: 'background.js', type: 'module' },
    };
    writeFileSync(join(chrome, 'manifest.json'), JSON.stringify(manifest));
    mkdirSync(firefox);
    writeFileSync(join(firefox, 'stale.js'), 'from an older build');

    writeFirefoxCopy(chrome, firefox);

    expect(readFileSync(join(firefox, 'assets', 'panel-abc.js'))).toEqual(bundle);
    expect(existsSync(join(firefox, 'stale.js'))).toBe(false);
    const written = JSON.parse(readFileSync(join(firefox, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({
      name: 'AG-UI Inspector',
      version: '1.2.3',
      background: { scripts: ['background.js'] },
    });
    expect(written).not.toHaveProperty('minimum_chrome_version');
    expect(written).toHaveProperty('browser_specific_settings.gecko.id');
    // The Chrome build keeps its own manifest.
    expect(JSON.parse(readFileSync(join(chrome, 'manifest.json'), 'utf8'))).toEqual(manifest);
  });
});
