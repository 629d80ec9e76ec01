// A run request's body, bounded: over 16 MB is refused (413) without reading the rest, and
// JSON nested deeper than a RunAgentInput ever is gets refused (400) before JSON.parse,
// which would otherwise build one object per level (a 16 MB body of brackets took 932 MB).
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 16 * 1024 * 1024;
export const MAX_JSON_DEPTH = 256;

export type BodyRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly status: 413 };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return resolve({ ok: false, status: 413 });
    const parts: Buffer[] = [];
    let size = 0;
    const onData = (part: Buffer) => {
      size += part.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ ok: false, status: 413 });
        return;
      }
      parts.push(part);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ ok: true, text: Buffer.concat(parts).toString('utf8') }));
    req.on('error', reject);
  });
}

/** How deeply the JSON text nests, counting brackets outside strings; stops past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
