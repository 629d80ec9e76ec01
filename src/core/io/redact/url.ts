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
 * Strict: the host and every path segment become pseudonyms, so
 * `https://acme.example:8443/users/ann/agent` reads `https://host-1:8443/seg-1/seg-2/seg-3`;
 * the scheme and port stay, and the same value always gets the same pseudonym (lint tells
 * requests to one endpoint apart by their URL).
 */
function strictPath(rest: string, report: RedactionReport): string {
  const origin = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)(\[[^\]]*\]|[^/:]*)(:\d*)?/.exec(rest);
  // A bare name (an imported file's stand-in) is no URL: it stays.
  if (origin === null && !rest.includes('/')) return rest;
  const path = origin === null ? rest : rest.slice(origin[0].length);
  let replaced = 0;
  let host = '';
  if (origin !== null) {
    host = origin[2] === '' ? '' : report.pseudonyms.of('host', origin[2]!);
    if (host !== '') replaced++;
  }
  const out = path.split('/').map((segment) => {
    if (segment === '') return segment;
    replaced++;
    return report.pseudonyms.of('seg', segment);
  });
  if (replaced > 0) count(report, 'pseudonym', replaced);
  return (origin === null ? '' : `${origin[1]}${host}${origin[3] ?? ''}`) + out.join('/');
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
