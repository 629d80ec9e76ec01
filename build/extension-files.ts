// Emits what the extension needs besides bundled code: manifest.json (with the package's
// version, and the Firefox variant when asked) and the icons. Emitted through the bundle,
// so `vite build --watch` rewrites them and a missing icon fails the build.
import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { firefoxManifest } from './firefox-manifest.js';

export interface ExtensionFilesOptions {
  readonly manifest: string;
  readonly iconsDir: string;
  readonly version: string;
  readonly firefox: boolean;
  /** The environment that owns the extension pages (the one that empties outDir). */
  readonly environment: string;
}

export function extensionFiles(opts: ExtensionFilesOptions): Plugin {
  return {
    name: 'agui:extension-files',
    applyToEnvironment: (env) => env.name === opts.environment,
    async buildStart() {
      this.addWatchFile(opts.manifest);
      for (const icon of await readdir(opts.iconsDir)) this.addWatchFile(resolve(opts.iconsDir, icon));
    },
    async generateBundle() {
      const manifest = JSON.parse(await readFile(opts.manifest, 'utf8')) as Record<string, unknown>;
      manifest.version = opts.version;
      const out = opts.firefox ? firefoxManifest(manifest) : manifest;
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(out, null, 2)}\n` });
      for (const icon of await readdir(opts.iconsDir)) {
        this.emitFile({
          type: 'asset',
          fileName: `icons/${icon}`,
          source: await readFile(resolve(opts.iconsDir, icon)),
        });
      }
    },
  };
}
