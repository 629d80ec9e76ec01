// Builds the unpacked MV3 extension (dist/), its Firefox variant (dist-firefox/, with
// --firefox) and the CLI (dist-cli/). Content scripts are separate IIFE builds because
// MAIN-world scripts must run synchronously at document_start (no module loaders).
import { build, type InlineConfig } from 'vite';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { firefoxManifest } from './firefox-manifest.js';

const root = resolve(import.meta.dirname, '..');
const at = (...p: string[]) => resolve(root, ...p);
const pkg = JSON.parse(await readFile(at('package.json'), 'utf8')) as { version: string };

const common: InlineConfig = {
  configFile: false,
  logLevel: 'warn',
  define: { __AGUI_VERSION__: JSON.stringify(pkg.version) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
};

async function buildExtension(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    ...common,
    root: at('extension'),
    publicDir: false,
    base: './',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome120',
      modulePreload: false,
      sourcemap: true,
      rollupOptions: {
        input: {
          background: at('extension/background.ts'),
          devtools: at('extension/devtools.html'),
          panel: at('extension/panel.html'),
        },
        output: {
          entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js'),
        },
      },
    },
  });
  for (const name of ['page-tap', 'relay']) {
    await build({
      ...common,
      publicDir: false,
      build: {
        outDir,
        emptyOutDir: false,
        target: 'chrome120',
        minify: false,
        sourcemap: false,
        lib: { entry: at(`extension/${name}.ts`), formats: ['iife'], name: `__agui_${name.replace('-', '_')}`, fileName: () => `${name}.js` },
        // The page tap's frames, where a page's error stack must show them, name no extension URL.
        rollupOptions: name === 'page-tap' ? { output: { footer: '//# sourceURL=<anonymous>' } } : {},
      },
    });
  }
  const manifest = JSON.parse(await readFile(at('manifest.json'), 'utf8')) as Record<string, unknown>;
  manifest.version = pkg.version;
  await writeFile(resolve(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await cp(at('extension/icons'), resolve(outDir, 'icons'), { recursive: true });
}

async function buildCli(): Promise<void> {
  if (!existsSync(at('src/cli/entry.ts'))) return;
  await build({
    ...common,
    publicDir: false,
    build: {
      outDir: at('dist-cli'),
      emptyOutDir: true,
      target: 'node20',
      ssr: at('src/cli/entry.ts'),
      minify: false,
      sourcemap: true,
      rollupOptions: { output: { entryFileNames: 'cli.js', format: 'es' } },
    },
    ssr: { noExternal: true, target: 'node' },
  });
}

const firefox = process.argv.includes('--firefox');
if (firefox) {
  const out = at('dist-firefox');
  await buildExtension(out);
  const manifest = JSON.parse(await readFile(resolve(out, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(resolve(out, 'manifest.json'), JSON.stringify(firefoxManifest(manifest), null, 2));
} else {
  await buildExtension(at('dist'));
  await buildCli();
  if (existsSync(at('scripts/build-demo.ts'))) {
    const { buildDemo } = (await import('./build-demo.js')) as { buildDemo: () => Promise<void> };
    await buildDemo();
  }
}
await mkdir(at('dist'), { recursive: true });
console.log(firefox ? 'built dist-firefox/' : 'built dist/ and dist-cli/');
