// The bug-report bundle (docs/bug-report-format.md): one JSON file holding a session
// export (redacted or not, as the person chose), a Markdown summary and, optionally, a
// PNG of the panel's timeline. Importing it (panel, offline viewer, `lint`) reads its
// session; the summary and picture are for people.
import { loadSession } from './session-read.js';
import { isRecord, parseJson } from './text.js';
import type { BugReportView, LoadResult } from './types.js';

export const BUG_REPORT_FORMAT = 'agui-inspector-bug-report';
export const BUG_REPORT_VERSION = 1;

export interface BugReportParts {
  /** ms since epoch, supplied by the caller (the core has no clock). */
  readonly createdAt: number;
  readonly extensionVersion: string;
  /** Markdown. */
  readonly summary: string;
  /** A session file's text as exportSession / exportRedacted wrote it. */
  readonly sessionText: string;
  /** The timeline picture, PNG as base64 (no `data:` prefix). */
  readonly timelinePng?: string;
}

export function writeBugReport(parts: BugReportParts): string {
  const session = parseJson(parts.sessionText);
  const report = {
    format: BUG_REPORT_FORMAT,
    version: BUG_REPORT_VERSION,
    createdAt: parts.createdAt,
    extensionVersion: parts.extensionVersion,
    summary: parts.summary,
    session: session.ok ? session.value : null,
    ...(parts.timelinePng !== undefined ? { timelinePng: { mimeType: 'image/png', base64: parts.timelinePng } } : {}),
  };
  return `${JSON.stringify(report, null, 1)}\n`;
}

export function loadBugReport(name: string, root: Record<string, unknown>): LoadResult {
  const version = root['version'];
  if (typeof version === 'number' && version > BUG_REPORT_VERSION)
    return {
      ok: false,
      error: `${name}: written by a newer AG-UI Inspector (bug report version ${version}); this one reads versions up to ${BUG_REPORT_VERSION}. Update the inspector.`,
    };
  const session = root['session'];
  if (!isRecord(session)) return { ok: false, error: `${name}: a bug report without a "session" object` };
  const loaded = loadSession(name, session);
  return loaded.ok ? { ...loaded, format: 'bug-report', report: reportView(root) } : loaded;
}

/** Bounds for what a report shows: a summary is prose, a picture one screen. */
const SUMMARY_CHARS = 1_000_000;
const PNG_BASE64_CHARS = 32 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The summary and picture as the file has them, when they are what they claim to be. */
function reportView(root: Record<string, unknown>): BugReportView {
  const summary = typeof root['summary'] === 'string' ? root['summary'].slice(0, SUMMARY_CHARS) : '';
  const png = root['timelinePng'];
  const base64 = isRecord(png) && png['mimeType'] === 'image/png' ? png['base64'] : undefined;
  const picture =
    typeof base64 === 'string' && base64.length > 0 && base64.length <= PNG_BASE64_CHARS && BASE64.test(base64)
      ? base64
      : undefined;
  const createdAt = root['createdAt'];
  return {
    summary,
    ...(picture !== undefined ? { timelinePng: picture } : {}),
    ...(typeof createdAt === 'number' && Number.isFinite(createdAt) ? { createdAt } : {}),
  };
}
