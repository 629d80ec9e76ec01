// The config file's ignoreUrls: streams whose request URL matches are not judged (an
// analytics beacon on text/event-stream, a health check). `*` matches any run of characters;
// everything else matches itself, over the whole URL.
import type { Finding } from '../findings.js';

function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

export function urlIgnored(url: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => patternRegExp(p).test(url));
}

/** The findings whose stream's URL no pattern matches (`urls`: streamId → request URL). */
export function withoutIgnoredUrls(
  findings: readonly Finding[],
  urls: ReadonlyMap<string, string>,
  patterns: readonly string[],
): Finding[] {
  if (patterns.length === 0) return [...findings];
  return findings.filter((f) => !urlIgnored(urls.get(f.streamId) ?? '', patterns));
}
