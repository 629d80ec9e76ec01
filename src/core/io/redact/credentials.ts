// Which names carry credentials, and which header values are harmless enough to keep in
// a redacted export. One list for the tap's importers, every export and the CLI.

export const REDACTED = '[redacted]';

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const CREDENTIAL_PARTS = ['token', 'key', 'secret', 'password', 'auth', 'session', 'signature', 'sig', 'credential'];

/** A header, query parameter or cookie name whose value is a credential. */
export function isCredentialName(name: string): boolean {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.has(n) || CREDENTIAL_PARTS.some((p) => n.includes(p));
}

/** Header values that describe the exchange, not the user; everything else is data. */
const KEPT_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'pragma',
  'transfer-encoding',
  'vary',
  'x-accel-buffering',
]);

export function isKeptHeader(name: string): boolean {
  return KEPT_HEADERS.has(name.toLowerCase());
}
