// URLs: credentials (userinfo, credential-named query and fragment parameters) go from
// every export; a redacted export also masks every query and fragment value. Parsed by
// hand so an export never normalises (or rejects) what the page really requested.
import { maskText } from './mask.js';
import { count, credential, type RedactionReport, type RedactOptions } from './options.js';
import { isCredentialName, REDACTED } from './credentials.js';

/** `full`: mask all data; `credentials`: remove credentials only (plain exports). */
export type Mode = { readonly full: false } | { readonly full: true; readonly options: RedactOptions };

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

function redactParams(
  params: string,
  where: string,
  mode: Mode,
  report: RedactionReport,
  kind: 'query' | 'fragment',
): string {
  return params
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      if (isCredentialName(decodeName(name)) && value !== '') {
        credential(report, 'credential-query', `${where} ${kind} parameter ${decodeName(name)}`);
        return `${name}=${REDACTED}`;
      }
      if (!mode.full || value === '') return pair;
      count(report, 'query-value');
      return `${name}=${maskText(value.length, mode.options)}`;
    })
    .join('&');
}

/**
 * Strict: every path segment but the last (which names the endpoint) becomes a pseudonym,
 * so `/users/ann/agent` reads `/seg-1/seg-2/agent`; the scheme, host and port stay.
 */
function strictPath(rest: string, report: RedactionReport): string {
  const origin = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/.exec(rest)?.[0] ?? '';
  const path = rest.slice(origin.length);
  if (!path.includes('/')) return rest;
  const segments = path.split('/');
  const last = segments.length - 1;
  let replaced = 0;
  const out = segments.map((segment, i) => {
    if (i === last || segment === '') return segment;
    replaced++;
    return report.pseudonyms.of('seg', segment);
  });
  if (replaced > 0) count(report, 'pseudonym', replaced);
  return origin + out.join('/');
}

export function redactUrl(url: string, where: string, mode: Mode, report: RedactionReport): string {
  const hash = url.indexOf('#');
  let fragment = hash < 0 ? undefined : url.slice(hash + 1);
  let rest = hash < 0 ? url : url.slice(0, hash);
  const q = rest.indexOf('?');
  let query = q < 0 ? undefined : rest.slice(q + 1);
  rest = q < 0 ? rest : rest.slice(0, q);
  // userinfo: between "//" and the first "@" before the path.
  const auth = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^/?#@]*)@/.exec(rest);
  if (auth !== null) {
    credential(report, 'url-userinfo', `${where} user info`);
    rest = auth[1]! + rest.slice(auth[0].length);
  }
  if (mode.full && mode.options.strict === true) rest = strictPath(rest, report);
  if (query !== undefined) query = redactParams(query, where, mode, report, 'query');
  if (fragment !== undefined && fragment !== '') {
    if (mode.full) {
      count(report, 'url-fragment');
      fragment = maskText(fragment.length, mode.options);
    } else {
      // OAuth implicit flows put tokens in the fragment.
      fragment = redactParams(fragment, where, mode, report, 'fragment');
    }
  }
  return `${rest}${query !== undefined ? `?${query}` : ''}${fragment !== undefined ? `#${fragment}` : ''}`;
}
