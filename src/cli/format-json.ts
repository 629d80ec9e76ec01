// `--format json`: one JSON object for machines (CI annotations, scripts). Fields that do
// not apply are absent, never null. Rule metadata comes from the catalogue.
import type { ClientProfile, ClientThrows, RuleInfo } from '../core/findings.js';
import { rejectingProfiles, ruleById } from './core-deps.js';
import { totals, type FileReport, type Unreadable } from './report.js';
import type { FileBudget } from './stats/file-budget.js';

export interface JsonFinding {
  readonly rule: string;
  readonly severity: string;
  readonly message: string;
  readonly file: string;
  /** The recorded request's URL. */
  readonly url?: string;
  /** 1-based line of the event in FILE, when FILE is a bare SSE body. */
  readonly line?: number;
  readonly threadId?: string;
  readonly runId?: string;
  readonly event?: number;
  readonly toolCallId?: string;
  readonly messageId?: string;
  /** The official client cannot go on past this (the run is lost for it). */
  readonly fatal?: boolean;
  /** Which official @ag-ui/client versions throw here: "0.x", "1.0", "both" or "no". */
  readonly client?: ClientThrows;
  /** The client profiles ("1.0", "next") that reject the stream at this finding; empty when none. */
  readonly rejectedBy?: readonly ClientProfile[];
  /** With --profile: whether that profile's client rejects the stream here. */
  readonly rejects?: boolean;
  readonly specRef?: string;
}

export interface JsonExtras {
  readonly unreadable?: readonly Unreadable[];
  readonly profile?: ClientProfile;
  /** Each file's payload budget, as `stats --format json` gives it (lint's JSON only). */
  readonly stats?: readonly FileBudget[];
}

function ruleFields(info: RuleInfo, profile: ClientProfile | undefined) {
  const rejectedBy = rejectingProfiles(info);
  return {
    fatal: info.fatal,
    client: info.client,
    rejectedBy,
    ...(profile !== undefined ? { rejects: rejectedBy.includes(profile) } : {}),
    specRef: info.specRef,
  };
}

export function formatJson(reports: readonly FileReport[], extras: JsonExtras = {}): string {
  const findings: JsonFinding[] = reports.flatMap((r) =>
    r.findings.map((f) => {
      const info = ruleById(f.rule);
      const url = r.urls?.get(f.streamId);
      const line = r.lineOf?.(f);
      return {
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        file: r.file,
        ...(url !== undefined && url !== '' ? { url } : {}),
        ...(line !== undefined ? { line } : {}),
        ...(f.threadId !== undefined ? { threadId: f.threadId } : {}),
        ...(f.runId !== undefined ? { runId: f.runId } : {}),
        ...(f.events[0] !== undefined ? { event: f.events[0] } : {}),
        ...(f.toolCallId !== undefined ? { toolCallId: f.toolCallId } : {}),
        ...(f.messageId !== undefined ? { messageId: f.messageId } : {}),
        ...(info !== undefined ? ruleFields(info, extras.profile) : {}),
      };
    }),
  );
  const notes = reports.flatMap((r) => (r.notes ?? []).map((message) => ({ file: r.file, message })));
  const unreadable = extras.unreadable ?? [];
  const stats = extras.stats !== undefined ? { stats: extras.stats } : {};
  return `${JSON.stringify({ findings, notes, unreadable, summary: totals(reports), ...stats })}\n`;
}
