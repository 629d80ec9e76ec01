// The build. `vite build` (npm run build) makes, as Vite environments built by one
// `builder.buildApp`:
//   client   dist/: service worker, DevTools page, panel (root: extension/)
//   pageTap  dist/page-tap.js, relay  dist/relay.js: content scripts as IIFE builds, since
//            MAIN-world scripts run synchronously at document_start (no module loader)
//   cli      dist-cli/cli.js, the `agui-inspector` executable (Node, dependencies bundled)
//   core     dist-lib/: the core API for the npm package (ES module + .d.ts; CommonJS in cjs/)
//   playwright dist-playwright/: the `agui-inspector/playwright` fixture (ES module + .d.ts;
//            CommonJS in cjs/)
//   vitest   dist-vitest/: the `agui-inspector/vitest` matchers (ES module + .d.ts; CommonJS
//            in cjs/), every dependency bundled and no test runner imported
//   viewer   dist-viewer/: the panel as a plain web page (no extension API), which
//            `agui-inspector view` serves
// Each cjs/ folder gets a package.json saying "commonjs" and its own copy of the
// declarations, so Node and TypeScript read both halves of the package right
// (build/dual-package.ts). Then dist-firefox/, the same extension with Firefox's manifest
// (build/firefox-copy.ts), and the demo app (demo/vite.config.ts → dist-demo/).
// `vite build --mode firefox` builds only the extension, into dist-firefox/. `vite build --watch`
// rebuilds on change (npm run dev). `--sourcemap` adds source maps; the default has none.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, mergeConfig, type EnvironmentOptions, type UserConfig, type ViteBuilder } from 'vite';
import { coreTypes } from './build/core-types.js';
import { commonJsHalf } from './build/dual-package.js';
import { extensionFiles } from './build/extension-files.js';
import { writeFirefoxCopy } from './build/firefox-copy.js';
import { buildFingerprint, clearStamp, writeStamp } from './build/fresh-build.js';

const root = dirname(fileURLToPath(import.meta.url));
const at = (...p: string[]): string => resolve(root, ...p);
const pkg = JSON.parse(readFileSync(at('package.json'), 'utf8')) as {
  version: string;
  dependencies?: Record<string, string>;
};

/** What every build and test here shares: preact's JSX and the version constant. */
export const shared: UserConfig = {
  define: { __AGUI_VERSION__: JSON.stringify(pkg.version) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
};

/** Chrome 120 is the manifest's minimum; Firefox 128 (its minimum) supports the same syntax. */
const BROWSER_TARGET = 'chrome120';
export const EXTENSION_ENVIRONMENTS = ['client', 'pageTap', 'relay'] as const;
const NODE_ENVIRONMENTS = ['cli', 'core', 'playwright', 'vitest', 'viewer'] as const;

function contentScript(name: 'page-tap' | 'relay', outDir: string): EnvironmentOptions {
  return {
    consumer: 'client',
    build: {
      outDir,
      emptyOutDir: false,
      target: BROWSER_TARGET,
      minify: false,
      lib: {
        entry: at(`extension/${name}.ts`),
        formats: ['iife'],
        name: `__agui_${name.replace('-', '_')}`,
        fileName: () => `${name}.js`,
      },
      // The page tap's frames, where a page's error stack must show them, name no extension URL.
      ...(name === 'page-tap' ? { rolldownOptions: { output: { footer: '//# sourceURL=<anonymous>' } } } : {}),
    },
  };
}

/** In watch mode each build returns a watcher at once; the next one must wait for its first build (emptyOutDir). */
function firstBuild(output: Awaited<ReturnType<ViteBuilder['build']>>): Promise<void> {
  if (!('on' in output)) return Promise.resolve();
  return new Promise((done) => output.on('event', (e) => void ((e.code === 'END' || e.code === 'ERROR') && done())));
}

export default defineConfig(({ mode }) => {
  const firefox = mode === 'firefox';
  const extOut = at(firefox ? 'dist-firefox' : 'dist');
  const extension: Record<(typeof EXTENSION_ENVIRONMENTS)[number], EnvironmentOptions> = {
    client: {
      build: {
        outDir: extOut,
        emptyOutDir: true,
        target: BROWSER_TARGET,
        modulePreload: false,
        rolldownOptions: {
          input: {
            background: at('extension/background.ts'),
            devtools: at('extension/devtools.html'),
            panel: at('extension/panel.html'),
            rules: at('extension/rules.html'),
          },
          output: {
            entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js'),
          },
        },
      },
    },
    pageTap: contentScript('page-tap', extOut),
    relay: contentScript('relay', extOut),
  };
  const node: Record<(typeof NODE_ENVIRONMENTS)[number], EnvironmentOptions> = {
    cli: {
      consumer: 'server',
      resolve: { noExternal: true },
      build: {
        outDir: at('dist-cli'),
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          input: { cli: at('src/cli/entry.ts') },
          output: { entryFileNames: '[name].js', format: 'es' },
        },
      },
    },
    core: {
      consumer: 'server',
      build: {
        outDir: at('dist-lib'),
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        // The package's dependencies stay imports: an app that uses them too gets one copy.
        rolldownOptions: {
          input: { index: at('src/core/index.ts') },
          external: (id) => Object.keys(pkg.dependencies ?? {}).some((d) => id === d || id.startsWith(`${d}/`)),
          output: [
            { entryFileNames: '[name].js', format: 'es' },
            { entryFileNames: 'cjs/[name].js', format: 'cjs' },
          ],
        },
      },
    },
    // A browser build, but one of the package's (not the extension's): built with them.
    viewer: {
      consumer: 'client',
      build: {
        outDir: at('dist-viewer'),
        emptyOutDir: true,
        // One script the loopback server sends once per page: splitting it buys nothing. The
        // limit leaves the panel room to grow (1,027 kB with the replay of conformance cases).
        chunkSizeWarningLimit: 1100,
        target: BROWSER_TARGET,
        modulePreload: false,
        rolldownOptions: { input: { viewer: at('extension/viewer.html') } },
      },
    },
    playwright: {
      consumer: 'server',
      // Everything bundled but @playwright/test, which the user's project brings.
      resolve: { noExternal: true, external: ['@playwright/test'] },
      build: {
        outDir: at('dist-playwright'),
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          input: { index: at('src/playwright/index.ts') },
          external: ['@playwright/test'],
          output: [
            { entryFileNames: '[name].js', format: 'es' },
            { entryFileNames: 'cjs/[name].js', format: 'cjs' },
          ],
        },
      },
    },
    // Vitest's or Jest's `expect.extend` takes it: it imports neither, so nothing stays external.
    vitest: {
      consumer: 'server',
      resolve: { noExternal: true },
      build: {
        outDir: at('dist-vitest'),
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          input: { index: at('src/vitest/index.ts') },
          output: [
            { entryFileNames: '[name].js', format: 'es' },
            { entryFileNames: 'cjs/[name].js', format: 'cjs' },
          ],
        },
      },
    },
  };
  return mergeConfig(shared, {
    root: at('extension'),
    publicDir: false,
    base: './',
    plugins: [
      extensionFiles({
        manifest: at('manifest.json'),
        iconsDir: at('extension/icons'),
        version: pkg.version,
        firefox,
        environment: 'client',
      }),
      coreTypes({ tsconfig: at('src/core/tsconfig.json'), outDir: at('dist-lib'), environment: 'core' }),
    ],
    environments: firefox ? extension : { ...extension, ...node },
    builder: {
      async buildApp(builder) {
        // A finished build of these inputs is recorded (build/fresh-build.ts); the test stages skip theirs then.
        const stampMode = firefox ? 'firefox' : 'default';
        const watching = Boolean(builder.config.build.watch);
        const fingerprint = watching ? undefined : buildFingerprint(stampMode, Boolean(builder.config.build.sourcemap));
        clearStamp(stampMode);
        // In order: client empties the extension's folder, the content scripts add to it.
        for (const name of [...EXTENSION_ENVIRONMENTS, ...(firefox ? [] : NODE_ENVIRONMENTS)]) {
          const environment = builder.environments[name];
          if (!environment) throw new Error(`vite.config.ts: no "${name}" environment`);
          await firstBuild(await builder.build(environment));
        }
        if (!firefox && !watching) {
          clearStamp('firefox');
          writeFirefoxCopy(extOut, at('dist-firefox'));
          if (fingerprint) writeStamp('firefox', buildFingerprint('firefox', Boolean(builder.config.build.sourcemap)));
        }
        if (!firefox) {
          // The fixture's and the matchers' declarations, typed from @playwright/test and vitest
          // only (a watch run skips them).
          if (!builder.config.build.watch) {
            for (const entry of ['playwright', 'vitest'])
              execFileSync(
                process.execPath,
                [at('node_modules/typescript/bin/tsc'), '-p', at(`src/${entry}/tsconfig.build.json`)],
                { stdio: 'inherit' },
              );
            commonJsHalf(at('dist-lib'), '.');
            commonJsHalf(at('dist-playwright'), 'types');
            commonJsHalf(at('dist-vitest'), 'types');
          }
          await build({
            configFile: at('demo/vite.config.ts'),
            mode,
            logLevel: builder.config.logLevel,
            build: { watch: builder.config.build.watch },
          });
        }
        if (fingerprint) writeStamp(stampMode, fingerprint);
      },
    },
  } satisfies UserConfig);
});
