// The optional URL pattern of an armed replay: without `*`, the URL must contain it; with
// `*` (any run of characters) it must match the whole URL. An empty pattern matches all.
// String work goes through the given functions only (no split, no RegExp), so the page
// tap runs the very same rule with its captured natives.

export interface StrOps {
  indexOf(s: string, sub: string, from?: number): number;
  slice(s: string, a: number, b?: number): string;
}

const NATIVE: StrOps = { indexOf: (s, sub, from) => s.indexOf(sub, from), slice: (s, a, b) => s.slice(a, b) };

export function urlMatches(url: string, pattern: string, ops: StrOps = NATIVE): boolean {
  if (pattern === '') return true;
  let star = ops.indexOf(pattern, '*');
  if (star < 0) return ops.indexOf(url, pattern) >= 0;
  // The part before the first star anchors at the start.
  const head = ops.slice(pattern, 0, star);
  if (ops.slice(url, 0, head.length) !== head) return false;
  let at = head.length;
  for (;;) {
    const next = ops.indexOf(pattern, '*', star + 1);
    if (next < 0) {
      // The part after the last star anchors at the end.
      const tail = ops.slice(pattern, star + 1);
      return url.length - tail.length >= at && ops.slice(url, url.length - tail.length) === tail;
    }
    const part = ops.slice(pattern, star + 1, next);
    if (part !== '') {
      const found = ops.indexOf(url, part, at);
      if (found < 0) return false;
      at = found + part.length;
    }
    star = next;
  }
}

/** The origin of an absolute URL: up to the first `/` after the host (the whole URL without one). */
export function originOf(url: string, ops: StrOps = NATIVE): string {
  const scheme = ops.indexOf(url, '://');
  const path = scheme < 0 ? -1 : ops.indexOf(url, '/', scheme + 3);
  return path < 0 ? url : ops.slice(url, 0, path);
}

/** The path of an absolute URL: from the first `/` after the host up to `?` or `#`. */
function pathOf(url: string, ops: StrOps): string {
  const scheme = ops.indexOf(url, '://');
  const start = scheme < 0 ? 0 : ops.indexOf(url, '/', scheme + 3);
  if (start < 0) return '/';
  const query = ops.indexOf(url, '?', start);
  const hash = ops.indexOf(url, '#', start);
  const end = query < 0 ? hash : hash < 0 ? query : query < hash ? query : hash;
  return end < 0 ? ops.slice(url, start) : ops.slice(url, start, end);
}

/** Whether the URL's path is the arm's path or one of the paths added to it (`also`). */
function pathAnswered(url: string, arm: { readonly path: string; readonly also?: readonly string[] }, ops: StrOps) {
  if (arm.path === '') return true;
  const path = pathOf(url, ops);
  if (path === arm.path) return true;
  const also = arm.also ?? [];
  for (let i = 0; i < also.length; i++) if (also[i] === path) return true;
  return false;
}

/**
 * Whether an armed replay answers `url`: its path (when set) must be the URL's path exactly,
 * or one of the paths added to it, on any origin and with any query, and its pattern (when
 * set) must match as above.
 */
export function armAnswersUrl(
  url: string,
  arm: { readonly pattern: string; readonly path: string; readonly also?: readonly string[] },
  ops: StrOps = NATIVE,
): boolean {
  if (!pathAnswered(url, arm, ops)) return false;
  return urlMatches(url, arm.pattern, ops);
}
