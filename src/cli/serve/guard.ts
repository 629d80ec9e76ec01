// Who may use `serve`: recordings are customer data, so by default only pages served from
// this machine (loopback origins, any port) may read them, with no credentials and no
// Private Network Access grant, and every request must name a loopback Host (a DNS
// rebinding page names its own). `--allow-origin ORIGIN` lets other pages in on purpose.
import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header value ("localhost:4010" → "localhost", "[::1]:80" → "[::1]"). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

export function isLoopbackHost(name: string): boolean {
  return LOOPBACK_HOSTS.has(name) || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name);
}

/** "http://Localhost:5173/" → "http://localhost:5173"; undefined for what is not an http(s) origin. */
export function normalOrigin(origin: string): string | undefined {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface Guard {
  /** Why the request is refused (403), or undefined when it may proceed; sets CORS headers when it may. */
  check(req: IncomingMessage, res: ServerResponse): string | undefined;
  /** Whether this request's origin was let in by --allow-origin (it may then get a PNA grant). */
  allowedExplicitly(req: IncomingMessage): boolean;
}

export function createGuard(allowOrigins: readonly string[], listenHost: string): Guard {
  const allowed = new Set(allowOrigins.map((o) => normalOrigin(o) ?? o));
  // A deliberate --host (not a wildcard) is a name clients may use too.
  const ownHost = hostName(listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost);
  const hostOk = (host: string | undefined) => {
    if (host === undefined) return false;
    const name = hostName(host);
    return isLoopbackHost(name) || (name === ownHost && ownHost !== '0.0.0.0' && ownHost !== '[::]');
  };
  const explicit = (req: IncomingMessage) => {
    const o = req.headers.origin;
    return o !== undefined && allowed.has(normalOrigin(o) ?? o);
  };
  return {
    check(req, res) {
      if (!hostOk(req.headers.host))
        return `Host ${JSON.stringify(req.headers.host ?? '')} is not a loopback address (see --host)`;
      const origin = req.headers.origin;
      // No Origin: not a cross-origin browser request (curl, a test's HttpAgent in Node).
      if (origin === undefined) return undefined;
      const normal = normalOrigin(origin);
      const loopback = normal !== undefined && isLoopbackHost(hostName(new URL(normal).host));
      if (!loopback && !explicit(req)) return `origin ${JSON.stringify(origin)} is not allowed (see --allow-origin)`;
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', 'Content-Type, X-Agui-Recorded-Run');
      return undefined;
    },
    allowedExplicitly: explicit,
  };
}
