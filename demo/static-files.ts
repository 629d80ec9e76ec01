// Serves the built demo app (dist-demo/) read-only, confined to that folder.
import type { ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

export const DEMO_DIST = resolve(import.meta.dirname, '..', 'dist-demo');

export async function serveStatic(res: ServerResponse, pathname: string, root = DEMO_DIST): Promise<void> {
  const rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const file = resolve(root, rel);
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  } catch {
    const hint = pathname === '/' ? 'The demo app is not built: run `npm run build`.' : 'not found';
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(hint);
  }
}
