// Credentials inside a request's JSON body (`forwardedProps.apiKey`, `context[0].token`):
// every string value under a key the credential-name list names (./credential-names.ts,
// as for headers and query parameters) is replaced and listed, in plain exports too.
// Only strings: an object under such a key (a tool's parameter schema for `apiKey`) is
// structure, and is walked; so is a string that holds JSON itself (a tool result's content).
import { parseJson } from '../text.js';
import { isCredentialName, REDACTED } from './credentials.js';
import { credential, type RedactionReport } from './options.js';

export function pathOf(where: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${where}.${key}` : `${where}[${JSON.stringify(key)}]`;
}

/** `path`: list each removal at its JSON path; false (strict): at the body, since keys may be personal. */
export function scrub(
  value: unknown,
  where: string,
  report: RedactionReport,
  path = true,
): { value: unknown; changed: boolean } {
  if (typeof value === 'string') return scrubInner(value, where, report, path);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v, i) => {
      const r = scrub(v, path ? `${where}[${i}]` : where, report, path);
      changed ||= r.changed;
      return r.value;
    });
    return changed ? { value: out, changed } : { value, changed };
  }
  if (typeof value !== 'object' || value === null) return { value, changed: false };
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const at = path ? pathOf(where, key) : where;
    if (typeof v === 'string' && v !== '' && v !== REDACTED && isCredentialName(key)) {
      credential(report, 'credential-field', at);
      out[key] = REDACTED;
      changed = true;
      continue;
    }
    const r = scrub(v, at, report, path);
    changed ||= r.changed;
    out[key] = r.value;
  }
  return changed ? { value: out, changed } : { value, changed };
}

/** JSON text: an object or an array, as a tool result's `content` often is. */
export const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

/** A string holding JSON (a tool result's content): its credential fields go too, listed under its own path. */
function scrubInner(
  text: string,
  where: string,
  report: RedactionReport,
  path: boolean,
): { value: unknown; changed: boolean } {
  if (!looksLikeJson(text)) return { value: text, changed: false };
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: text, changed: false };
  const r = scrub(parsed.value, where, report, path);
  return r.changed ? { value: JSON.stringify(r.value), changed: true } : { value: text, changed: false };
}

/**
 * The body with credential fields replaced (re-serialized only when one was), each listed
 * at its path under `where` (at `where` itself when `strict`: the path names keys).
 */
export function removeBodyCredentials(body: string, where: string, report: RedactionReport, strict = false): string {
  if (!looksLikeJson(body)) return body;
  const parsed = parseJson(body);
  if (!parsed.ok) return body;
  const r = scrub(parsed.value, where, report, !strict);
  return r.changed ? JSON.stringify(r.value) : body;
}
