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
