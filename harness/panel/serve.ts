// Builds the harness page with vite (once per process) and serves it with the test
// fixtures over loopback. Used by e2e/panel-*.spec.ts, scripts/screenshots.ts and
// bench/panel.ts.
import { createServer, type Server } from 'node:http';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, mergeConfig } from 'vite';
import { shared } from '../../vite.config.js';

const root = resolve(import.meta.dirname, '../..');
/** Ignored by lint and git (node_modules), never wiped by the extension build. */
const HARNESS_ROOT = resolve(root, 'node_modules/.cache/agui-panel-harness');
/**
 * One directory per process: each Playwright worker builds its own harness, and a shared
 * directory let a worker starting late empty the bundle another worker's page was loading
 * (a CI run's page never became ready).
 */
const HARNESS_OUT = join(HARNESS_ROOT, String(process.pid));
const FIXTURES = resolve(root, 'test/fixtures');

let building: Promise<void> | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Builds of processes that ended without closing their server (a killed run), and the old shared one. */
async function removeOrphanBuilds(): Promise<void> {
  const names = await readdir(HARNESS_ROOT).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => !/^\d+$/.test(name) || !alive(Number(name)))
      .map((name) => rm(join(HARNESS_ROOT, name), { recursive: true, force: true })),
  );
}

export function buildHarness(): Promise<void> {
  building ??= removeOrphanBuilds().then(() =>
    build(
      mergeConfig(shared, {
        configFile: false,
        logLevel: 'warn',
        root: import.meta.dirname,
        base: './',
        publicDir: false,
        build: {
          outDir: HARNESS_OUT,
          emptyOutDir: true,
          target: 'chrome120',
          modulePreload: false,
          sourcemap: false,
          minify: false,
        },
      }),
    ).then(() => undefined),
  );
  return building;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

async function file(dir: string, rel: string): Promise<Buffer | undefined> {
  const path = normalize(join(dir, rel));
  if (!path.startsWith(dir)) return undefined;
  try {
    if (!(await stat(path)).isFile()) return undefined;
    return await readFile(path);
  } catch {
    return undefined;
  }
}

export interface HarnessServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startHarness(): Promise<HarnessServer> {
  await buildHarness();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    const [dir, rel] = path.startsWith('/fixtures/')
      ? [FIXTURES, path.slice('/fixtures/'.length)]
      : [HARNESS_OUT, path === '/' ? 'index.html' : path.slice(1)];
    void file(dir, rel).then((body) => {
      if (!body) {
        res.writeHead(404).end('not found');
        return;
      }
      res
        .writeHead(200, {
          'content-type': TYPES[extname(rel)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
        })
        .end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      building = undefined;
      await rm(HARNESS_OUT, { recursive: true, force: true });
    },
  };
}
