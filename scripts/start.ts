// `npm start`: build, start the demo agent, open Chromium with the extension, the demo
// app in a tab and DevTools open on it; stays up until the browser is closed.
// `npm start -- --headless`: the same without a display; runs a scenario, shows our
// panel in the real DevTools window and writes artifacts/devtools-panel.png.
// `--no-build` skips the build (it must already exist).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { launchWithExtension, type ExtensionLaunch } from '../harness/chromium.js';
import { capturePanel } from '../harness/capture-panel.js';

const root = resolve(import.meta.dirname, '..');
const headless = process.argv.includes('--headless');

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

async function interactive(server: DemoServer, browser: ExtensionLaunch): Promise<void> {
  const page =
    browser.context.pages().find((p) => !p.url().startsWith('devtools://')) ?? (await browser.context.newPage());
  await page.goto(server.url);
  console.log(`Demo app: ${server.url}  (DevTools is open on it; pick the "AG-UI" panel, it may sit under »)`);
  console.log('Close the browser window (or press Ctrl+C) to stop.');
  await new Promise<void>((done) => {
    browser.context.on('close', () => done());
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
}

async function main(): Promise<number> {
  if (!headless && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.error('No display (DISPLAY is not set). Run `npm start -- --headless` for a screenshot instead.');
    return 1;
  }
  if (!process.argv.includes('--no-build') && run('npm', ['run', 'build']) !== 0) {
    console.error('npm run build failed');
    return 1;
  }
  const server = await startDemoServer({ delayMs: headless ? 5 : 30 });
  let browser: ExtensionLaunch | undefined;
  try {
    browser = await launchWithExtension({ headless, devtools: true });
    if (!headless) {
      await interactive(server, browser);
      return 0;
    }
    const shot = await capturePanel(browser.context, server.url, resolve(root, 'artifacts/devtools-panel.png'));
    console.log(
      shot.ok
        ? `Screenshot of the AG-UI panel in DevTools: ${shot.path}`
        : `Screenshot written, but ${shot.problem}: ${shot.path}`,
    );
    if (!shot.ok) return 1;
    // The panel views of the README, into artifacts/ beside the DevTools one (`npm run screenshots` refreshes docs/img/).
    const code = run('npx', ['tsx', 'scripts/screenshots.ts', '--out', resolve(root, 'artifacts')]);
    if (code !== 0) console.error(`scripts/screenshots.ts exited with ${code}`);
    return code;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    if (!headless) console.error('No display? Try `npm start -- --headless`.');
    return 1;
  } finally {
    await browser?.close();
    await server.close();
  }
}

process.exit(await main());
