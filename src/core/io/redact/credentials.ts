// Which names carry credentials (the list: ./credential-names.ts, shared with the page
// tap), and which header values are harmless enough to keep in a redacted export.
import { CREDENTIAL_NAMES, CREDENTIAL_PARTS } from './credential-names.js';

export const REDACTED = '[redacted]';

const CREDENTIAL_HEADERS = new Set(CREDENTIAL_NAMES);

/** A header, query parameter, cookie or JSON key name whose value is a credential. */
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
