// What a store-ready extension zip must hold: manifest.json at the root, every file the
// manifest names, every script and stylesheet its HTML pages load, and no source maps
// unless they were asked for. Returns the problems found (none means uploadable).
import JSZip from 'jszip';
import { htmlAssets, manifestFiles } from './manifest-files.js';

export async function checkExtensionZip(bytes: Uint8Array, opts: { readonly sourceMaps: boolean }): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const names = new Set(Object.keys(zip.files).filter((n) => !zip.files[n]?.dir));
  const manifestEntry = zip.file('manifest.json');
  if (!manifestEntry) return ['no manifest.json at the root'];
  const manifest: unknown = JSON.parse(await manifestEntry.async('string'));
  const problems = manifestFiles(manifest)
    .filter((f) => !names.has(f))
    .map((f) => `${f}: named by the manifest, not in the zip`);
  for (const page of [...names].filter((n) => n.endsWith('.html'))) {
    const html = (await zip.file(page)?.async('string')) ?? '';
    for (const asset of htmlAssets(html))
      if (!names.has(asset)) problems.push(`${asset}: loaded by ${page}, not in the zip`);
  }
  if (!opts.sourceMaps)
    for (const n of names)
      if (n.endsWith('.map')) problems.push(`${n}: a source map (build with --sourcemap to ship them)`);
  return problems;
}
