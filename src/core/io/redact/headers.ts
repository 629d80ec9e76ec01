// Header values: credentials go from every export; a redacted export also masks every
// value outside a short list of harmless ones (content-type, accept, …).
import { isCredentialName, isKeptHeader, REDACTED } from './credentials.js';
import { maskText } from './mask.js';
import { count, credential, type RedactionReport } from './options.js';
import { redactUrl, type Mode } from './url.js';

export function redactHeaderValue(
  name: string,
  value: string,
  where: string,
  mode: Mode,
  report: RedactionReport,
): string {
  if (isCredentialName(name)) {
    // The tap already removed it: nothing left to report.
    if (value === REDACTED) return value;
    const lower = name.toLowerCase();
    credential(
      report,
      lower === 'cookie' || lower === 'set-cookie' ? 'cookie' : 'credential-header',
      `${where}.${lower}`,
    );
    return REDACTED;
  }
  // Referer, Origin, Location: a URL can carry a token in its query.
  if (!mode.full && /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    return redactUrl(value, `${where}.${name.toLowerCase()}`, mode, report);
  if (!mode.full || isKeptHeader(name) || value === '') return value;
  count(report, 'header-value');
  return maskText(value.length, mode.options);
}

export function redactHeaderRecord(
  headers: Readonly<Record<string, string>>,
  where: string,
  mode: Mode,
  report: RedactionReport,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = redactHeaderValue(name, value, where, mode, report);
  return out;
}
