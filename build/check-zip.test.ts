import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { checkExtensionZip } from './check-zip.js';

const manifest = {
  manifest_version: 3,
  devtools_page: 'devtools.html',
  background: { service_worker: 'background.js' },
  icons: { 16: 'icons/16.png' },
};

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array' });
}

const complete = {
  'manifest.json': JSON.stringify(manifest),
  'devtools.html': '<script type="module" src="./assets/devtools-1.js"></script>',
  'assets/devtools-1.js': '',
  'background.js': '',
  'icons/16.png': '',
};

describe('checkExtensionZip', () => {
  it('accepts a zip with everything the manifest and its pages name', async () => {
    expect(await checkExtensionZip(await zipOf(complete), { sourceMaps: false })).toEqual([]);
  });

  it('reports a manifest that is not at the root', async () => {
    const nested = Object.fromEntries(Object.entries(complete).map(([k, v]) => [`dist/${k}`, v]));
    expect(await checkExtensionZip(await zipOf(nested), { sourceMaps: false })).toEqual([
      'no manifest.json at the root',
    ]);
  });

  it('reports files the manifest or a page names but the zip lacks', async () => {
    const { 'background.js': _bg, 'assets/devtools-1.js': _js, ...rest } = complete;
    const problems = await checkExtensionZip(await zipOf(rest), { sourceMaps: false });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/background\.js.*manifest[\s\S]*assets\/devtools-1\.js.*devtools\.html/);
  });

  it('reports source maps unless they were asked for', async () => {
    const withMap = await zipOf({ ...complete, 'background.js.map': '{}' });
    expect(await checkExtensionZip(withMap, { sourceMaps: false })).toEqual([
      expect.stringContaining('background.js.map'),
    ]);
    expect(await checkExtensionZip(withMap, { sourceMaps: true })).toEqual([]);
  });
});
