// The loopback server behind `agui-inspector view`: the built viewer (dist-viewer/) and the
// files to show, under a random path prefix. Recordings are customer data, so as `serve`
// it answers only a loopback Host, and only this page's own requests: a request from any
// other origin (another local app included) is refused, and the prefix cannot be guessed.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join } from 'node:path';
import { hostName, isLoopbackHost, normalOrigin } from '../serve/guard.js';

export interface ViewedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface ViewerServer {
  /** The page that opens the first file (`?file=N` opens the N-th). */
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

// The panel renders untrusted data as text; this keeps the page to its own scripts anyway.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Why a request is refused, or undefined: a loopback Host (a DNS-rebinding page names its
 * own), and no Origin but the page's own (the one its Host names).
 */
export function refusal(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (host === undefined || !isLoopbackHost(hostName(host))) return 'Host is not a loopback address';
  const origin = req.headers.origin;
  if (origin !== undefined && normalOrigin(origin) !== normalOrigin(`http://${host}`))
    return 'other origins may not read this viewer';
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'other sites may not read this viewer';
  return undefined;
}

function send(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Content-Security-Policy': CSP,
    'Referrer-Policy': 'no-referrer',
  });
  res.end(body);
}

export async function startViewerServer(
  viewerDir: string,
  files: readonly ViewedFile[],
  listen: { readonly host: string; readonly port: number },
): Promise<ViewerServer> {
  const prefix = `/${randomBytes(16).toString('hex')}/`;
  const listing = JSON.stringify(files.map((f, i) => ({ name: basename(f.name), url: `./file/${i + 1}` })));
  const asset = async (path: string): Promise<Uint8Array | undefined> => {
    // Only names the build writes: no dots or slashes beyond assets/NAME.EXT.
    if (path !== 'viewer.html' && !/^assets\/[\w.-]+\.(js|css|svg|png)$/.test(path)) return undefined;
    try {
      return new Uint8Array(await readFile(join(viewerDir, path)));
    } catch {
      return undefined;
    }
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refused = refusal(req);
    if (refused !== undefined) return send(res, 403, 'text/plain; charset=utf-8', `${refused}\n`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', '');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz') return send(res, 200, 'text/plain; charset=utf-8', 'ok\n');
    if (!path.startsWith(prefix)) return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
    const rest = path.slice(prefix.length);
    if (rest === 'files.json') return send(res, 200, 'application/json', listing);
    const fileMatch = /^file\/(\d+)$/.exec(rest);
    if (fileMatch) {
      const file = files[Number(fileMatch[1]) - 1];
      if (file === undefined) return send(res, 404, 'text/plain; charset=utf-8', 'no such file\n');
      return send(res, 200, 'application/octet-stream', file.bytes);
    }
    const name = rest === '' ? 'viewer.html' : rest;
    const body = await asset(name);
    if (body === undefined) return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
    send(res, 200, TYPES[extname(name)] ?? 'application/octet-stream', body);
  };
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 60_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${prefix}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
