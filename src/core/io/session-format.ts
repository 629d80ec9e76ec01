// The inspector's own export format (docs/session-format.md). Raw captured material per
// stream, so a re-import rebuilds the model and recomputes the findings exactly.
// Readers accept every older version; a new version gets a new number and a reader.
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { Finding } from '../findings.js';
import type { SessionNoteV1 } from './session-notes.js';

export const SESSION_FORMAT = 'agui-inspector-session';
/**
 * The newest version this inspector reads and writes. 2 adds the stream encoding 'none' (a
 * run request that got no AG-UI answer); a file without such a stream is still written as 1,
 * which older inspectors read (docs/session-format.md, "Versioning policy").
 */
export const SESSION_VERSION = 2;

/** The lowest version that holds these streams: 2 only when one is a failed request. */
export function sessionVersionFor(streams: readonly { readonly open: { readonly encoding: string } }[]): 1 | 2 {
  return streams.some((s) => s.open.encoding === 'none') ? 2 : 1;
}

export type SessionChunkV1 =
  | { readonly t: number; readonly kind: 'bytes'; readonly dataBase64: string }
  | { readonly t: number; readonly kind: 'message'; readonly message: EventSourceMessage }
  | { readonly t: number; readonly kind: 'event'; readonly event: unknown };

export interface SessionStreamV1 {
  readonly open: StreamOpenInfo;
  readonly end?: StreamEndInfo;
  readonly chunks: readonly SessionChunkV1[];
}

export interface SessionFileV1 {
  readonly format: typeof SESSION_FORMAT;
  /** 1, or 2 when a stream has encoding 'none' (the shape is otherwise the same). */
  readonly version: 1 | 2;
  /** ms since epoch, supplied by the caller (the core has no clock). */
  readonly exportedAt: number;
  readonly extensionVersion: string;
  readonly redacted: boolean;
  readonly streams: readonly SessionStreamV1[];
  /** Informational: a re-import recomputes findings from the streams. */
  readonly findings: readonly Finding[];
  /** Where credentials were removed (headers, cookies, URL parameters, user info); every export (absent in older files). */
  readonly credentialsRemoved?: readonly string[];
  /** Redacted exports (absent in older files): how values were masked and how many of each kind. */
  readonly redaction?: SessionRedactionV1;
  /** Older redacted exports: every path whose value was replaced (read-only, no longer written). */
  readonly redactions?: readonly string[];
  /** Notes people attached to runs, calls, events and findings (absent in older files). */
  readonly notes?: readonly SessionNoteV1[];
}

/** A finding as a redacted copy carries it: no message (messages quote values), no ids. */
export interface FindingRecordV1 {
  readonly rule: string;
  readonly severity: Finding['severity'];
  /** The stream's index in `streams` (redaction keeps their order). */
  readonly stream: number;
  /** Raw event indexes in that stream, main first. */
  readonly events: readonly number[];
}

export interface SessionRedactionV1 {
  /** True when masked strings became a fixed token instead of keeping their length. */
  readonly hideLengths: boolean;
  /** True for a strict redaction: ids, names, keys and path segments are pseudonyms (absent in older files). */
  readonly strict?: boolean;
  /** Replaced values by kind (`string`, `number`, `credential-header`, …). */
  readonly counts: Readonly<Record<string, number>>;
  /**
   * True when data's numbers and booleans were kept, because masking them changed what lint
   * finds (absent in older files and when they were masked).
   */
  readonly keptScalars?: boolean;
  /**
   * The findings of the session before masking, without messages or ids (absent in older
   * files): what a reader shows as this session's findings.
   */
  readonly findingsBefore?: readonly FindingRecordV1[];
}

export interface ExportOptions {
  /** Export only the streams that carried these runs (RunModel.key); default all. */
  readonly runKeys?: readonly string[];
  readonly extensionVersion: string;
  readonly exportedAt: number;
  /** Redacted exports: masked strings become a fixed token, hiding their lengths. */
  readonly hideLengths?: boolean;
  /** Redacted exports: ids, names, state keys, URL path segments… become pseudonyms too. */
  readonly strict?: boolean;
  /** Notes to write with the streams (those about streams not exported are left out). */
  readonly notes?: readonly SessionNoteV1[];
}
