// Export bug report…: the session (redacted as the person chose, through the one
// redaction in src/core/io/redact), the notes, a picture of the timeline and a Markdown
// summary built from the session as written, all in one file.
import { writeBugReport } from '../core-deps.js';
import type { SessionNoteV1 } from '../../core/io/session-notes.js';
import type { SessionModel } from '../../core/model/types.js';
import { bugSummary } from '../derive/bug-summary.js';
import type { PanelStore } from '../store/panel-store.js';
import { fileStamp } from './download.js';
import { extensionVersion } from './export-actions.js';

export type BugRedaction = 'strict' | 'masked' | 'lengths-hidden' | 'none';

export interface BugReportChoices {
  readonly redaction: BugRedaction;
  /** Only the streams of this run (RunModel.key); default all. */
  readonly runKey?: string;
  readonly notes: boolean;
}

export interface BugReportEnv {
  readonly now: number;
  readonly browser: string;
  /** PNG of the timeline as base64, when one was taken. */
  readonly timelinePng?: string;
}

export interface BuiltBugReport {
  readonly name: string;
  readonly text: string;
  readonly summary: string;
  /** The session as the report holds it (what the summary was built from). */
  readonly model: SessionModel;
  readonly notes: readonly SessionNoteV1[];
}

const REDACTION_TEXT: Record<BugRedaction, string> = {
  strict:
    'strictly redacted (data values masked, ids, names, state keys, URL hosts and path segments replaced by pseudonyms, credentials removed)',
  masked: 'redacted (data values masked, lengths kept, credentials removed)',
  'lengths-hidden': 'redacted (data values masked, lengths hidden, credentials removed)',
  none: 'not redacted (credentials removed only)',
};

/** The session text the report carries, and that session read back. */
function sessionPart(store: PanelStore, choices: BugReportChoices, now: number) {
  const model = store.capture.model.peek();
  const options = {
    extensionVersion: extensionVersion(),
    exportedAt: now,
    ...(choices.runKey ? { runKeys: [choices.runKey] } : {}),
    ...(choices.redaction === 'lengths-hidden' ? { hideLengths: true } : {}),
    ...(choices.redaction === 'strict' ? { strict: true } : {}),
    ...(choices.notes ? { notes: store.notes.list.peek() } : {}),
  };
  const text =
    choices.redaction === 'none'
      ? store.core.exportSession(model, options)
      : store.core.exportRedacted(model, options).text;
  const loaded = store.core.loadFile('bug-report-session.json', new TextEncoder().encode(text));
  const inspector = store.core.createInspector();
  if (loaded.ok) store.core.feedCaptures(inspector, loaded.captures);
  return {
    text,
    model: inspector.model,
    notes: loaded.ok ? (loaded.sessionNotes ?? []) : [],
    // A redacted session carries its original's findings: the summary counts those.
    findingsBefore: loaded.ok ? loaded.findingsBefore : undefined,
  };
}

export function buildBugReport(store: PanelStore, choices: BugReportChoices, env: BugReportEnv): BuiltBugReport {
  const session = sessionPart(store, choices, env.now);
  const summary = bugSummary({
    model: session.model,
    notes: session.notes,
    rules: store.core.rules,
    browser: env.browser,
    extensionVersion: extensionVersion(),
    redaction: REDACTION_TEXT[choices.redaction],
    createdAt: env.now,
    ...(store.replay ? { divergences: store.replay.divergenceLog() } : {}),
    ...(session.findingsBefore !== undefined ? { findingsBefore: session.findingsBefore } : {}),
  });
  const text = writeBugReport({
    createdAt: env.now,
    extensionVersion: extensionVersion(),
    summary,
    sessionText: session.text,
    ...(env.timelinePng !== undefined ? { timelinePng: env.timelinePng } : {}),
  });
  return {
    name: `agui-bug-report-${fileStamp(env.now)}.json`,
    text,
    summary,
    model: session.model,
    notes: session.notes,
  };
}
