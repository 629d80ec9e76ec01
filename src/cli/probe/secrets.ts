// Credentials given on the command line (-H 'Authorization: Bearer …', ?token=… in the
// URL) are sent, never printed and never saved: every text the probe writes passes
// through scrub(), which also catches a server echoing the secret back.
import { createReport, isCredentialName, REDACTED, redactUrl } from '../core-deps.js';

// Shorter values would blank out ordinary words; a credential is longer than this.
const MIN_SECRET = 6;

export interface Secrets {
  readonly scrub: (text: string) => string;
  /** The URL with credential parameters and user info replaced, for output and files. */
  readonly shownUrl: string;
}

export function secretsOf(headers: Readonly<Record<string, string>>, url: URL): Secrets {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (!isCredentialName(name)) continue;
    values.add(value.trim());
    // "Bearer abc…": the token alone is the secret too.
    const token = value.trim().split(/\s+/).slice(1).join(' ');
    if (token !== '') values.add(token);
  }
  for (const [name, value] of url.searchParams) if (isCredentialName(name)) values.add(value);
  if (url.password !== '') values.add(decodeURIComponent(url.password));
  const list = [...values].filter((v) => v.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
  const scrub = (text: string): string => list.reduce((t, secret) => t.split(secret).join(REDACTED), text);
  return { scrub, shownUrl: scrub(redactUrl(url.href, '', { full: false }, createReport())) };
}
