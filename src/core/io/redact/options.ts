// What one redaction pass is asked to do and what it reports back. The report is a
// value the caller owns; the redactors only add to it (and, strict, to its pseudonyms).
import { Pseudonyms } from './pseudonyms.js';

export interface RedactOptions {
  /** Replace masked strings with a fixed token instead of same-length masks. */
  readonly hideLengths: boolean;
  /**
   * Strict: ids, tool/step/custom names, error codes, state keys and patch paths, URL path
   * segments, SSE event names and ids, the HAR creator and server address also go, each
   * replaced by a pseudonym that is the same for the same value within the file.
   */
  readonly strict?: boolean;
  /**
   * Numbers and booleans in data stay as they are (strings are still masked). Set by the
   * redaction itself when masking them changed what lint finds (./verify.ts): a masked
   * number can break a schema minimum or a usage sum the original kept.
   */
  readonly keepScalars?: boolean;
}

/** What was replaced, by kind: the CLI prints these, the session export records them. */
export type RedactionKind =
  | 'credential-header'
  | 'cookie'
  | 'credential-query'
  | 'credential-field'
  | 'url-userinfo'
  | 'url-fragment'
  | 'header-value'
  | 'query-value'
  | 'string'
  | 'number'
  | 'boolean'
  | 'non-json'
  | 'other-body'
  | 'har-field'
  | 'pseudonym';

export const KIND_LABELS: Readonly<Record<RedactionKind, string>> = {
  'credential-header': 'credential headers removed',
  cookie: 'cookies removed',
  'credential-query': 'credential URL parameters removed',
  'credential-field': 'credential JSON fields removed',
  'url-userinfo': 'URL user names/passwords removed',
  'url-fragment': 'URL fragments masked',
  'header-value': 'other header values masked',
  'query-value': 'other URL parameter values masked',
  string: 'strings masked',
  number: 'numbers masked',
  boolean: 'booleans masked',
  'non-json': 'non-JSON texts masked',
  'other-body': 'non-AG-UI bodies masked',
  'har-field': 'browser-private HAR fields dropped',
  pseudonym: 'ids, names, keys and path segments replaced by pseudonyms',
};

export interface RedactionReport {
  readonly counts: Partial<Record<RedactionKind, number>>;
  /** Where credentials were removed (e.g. `streams[0].open.requestHeaders.authorization`). */
  readonly credentials: string[];
  /** Strict redaction's table of pseudonyms: one per pass, so one per file. */
  readonly pseudonyms: Pseudonyms;
}

export function createReport(): RedactionReport {
  return { counts: {}, credentials: [], pseudonyms: new Pseudonyms() };
}

export function count(report: RedactionReport, kind: RedactionKind, n = 1): void {
  const counts = report.counts as Record<RedactionKind, number>;
  counts[kind] = (counts[kind] ?? 0) + n;
}

export function credential(report: RedactionReport, kind: RedactionKind, where: string): void {
  count(report, kind);
  report.credentials.push(where);
}

/** One line per kind, in a fixed order, for people. */
export function describeCounts(report: RedactionReport): string[] {
  return (Object.keys(KIND_LABELS) as RedactionKind[])
    .filter((k) => (report.counts[k] ?? 0) > 0)
    .map((k) => `${KIND_LABELS[k]}: ${report.counts[k] ?? 0}`);
}

/** Which findings a fixed-token mask may move: everything judged by offsets and lengths. */
export const HIDE_LENGTHS_NOTE =
  'lengths hidden: findings that depend on where a tool-argument delta splits a value, on text lengths or on string content may move or differ';

/** What strict redaction adds, for people (the CLI and the panel print it). */
export const STRICT_NOTE =
  'strict: ids, tool, step and custom event names, error codes, state keys and patch paths, URL path segments (all but the last), SSE event names and ids, the HAR creator and server address replaced by pseudonyms (the same value gives the same pseudonym within this file)';
