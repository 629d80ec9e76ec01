// The bug report's Markdown summary. It is built from the session *as written into the
// report* (read back after redaction), so it can only quote what the report already holds:
// a redacted report's summary has masked values and credential-free URLs, never a second,
// separate redaction.
import type { SessionNoteV1 } from '../../core/io/session-notes.js';
import type { Finding, RuleInfo } from '../../core/findings.js';
import type { RunModel, SessionModel } from '../../core/model/types.js';
import { formatMs, runOutcome } from './format.js';
import { noteTargetLabel, type NoteLookup } from './note-target.js';
import { runLabels, runMention } from '../../core/labels/run-label.js';

export interface SummaryInput {
  readonly model: SessionModel;
  readonly notes: readonly SessionNoteV1[];
  readonly rules: ReadonlyMap<string, RuleInfo>;
  readonly browser: string;
  readonly extensionVersion: string;
  /** How the session was written: 'masked', 'lengths hidden' or 'not redacted'. */
  readonly redaction: string;
  readonly createdAt: number;
}

/** Rows listed in the runs table; a long session says how many more there are. */
const MAX_RUN_ROWS = 50;

/** Page text inside Markdown: one line, no table or code breaks, no markup. */
export function mdText(s: string, max = 300): string {
  const one = s.replace(/[\r\n\t]+/g, ' ').replace(/([\\`*_[\]|<>#])/g, '\\$1');
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

function lookupOf(model: SessionModel): NoteLookup {
  const runs = new Map(model.runs.map((r) => [r.key, r]));
  const streams = new Map(model.streams.map((s) => [s.info.streamId, s]));
  return {
    findRun: (k) => runs.get(k),
    findStream: (id) => streams.get(id),
    findRunAt: (id, at) => {
      let found: RunModel | undefined;
      for (const k of streams.get(id)?.runKeys ?? []) {
        const r = runs.get(k);
        if (r && r.firstEvent <= at) found = r;
      }
      return found;
    },
  };
}

function clientThrows(f: Finding, rules: ReadonlyMap<string, RuleInfo>): string {
  const c = rules.get(f.rule)?.client;
  return c === undefined || c === 'no' ? 'no' : `yes (${c})`;
}

function runRow(r: RunModel, i: number, findings: number): string {
  const duration = r.endedAt === undefined ? 'running' : formatMs(r.endedAt - r.startedAt);
  const cells = [
    String(i + 1),
    mdText(r.implicit ? '(no RUN_STARTED)' : r.runId, 80),
    mdText(r.threadId, 80),
    mdText(runOutcome(r), 120),
    duration,
    String(Math.max(0, r.lastEvent - r.firstEvent + 1)),
    String(r.toolCalls.length),
    String(findings),
  ];
  return `| ${cells.join(' | ')} |`;
}

export function bugSummary(input: SummaryInput): string {
  const { model } = input;
  const lookup = lookupOf(model);
  const labels = runLabels(model.runs);
  const runName = (r: RunModel): string => labels.get(r.key)?.text ?? runMention(r);
  const first = model.streams[0]?.info;
  const page = first?.frameUrl ?? first?.url;
  const out: string[] = [
    '# AG-UI bug report',
    '',
    `- Page: ${page ? mdText(page, 500) : '(unknown)'}`,
    `- Browser: ${mdText(input.browser, 300)}`,
    `- AG-UI Inspector: ${mdText(input.extensionVersion, 40)}`,
    `- Created: ${new Date(input.createdAt).toISOString()}`,
    `- Session: ${model.streams.length} stream(s), ${model.runs.length} run(s), ${model.findings.length} finding(s); ${input.redaction}`,
    '',
    '## Runs',
    '',
  ];
  if (model.runs.length === 0) out.push('No runs.');
  else {
    out.push(
      '| # | run | thread | outcome | duration | events | tool calls | findings |',
      '|---|---|---|---|---|---|---|---|',
    );
    const count = new Map<string, number>();
    for (const f of model.findings) {
      const r = lookup.findRunAt(f.streamId, f.events[0] ?? 0);
      if (r) count.set(r.key, (count.get(r.key) ?? 0) + 1);
    }
    model.runs.slice(0, MAX_RUN_ROWS).forEach((r, i) => out.push(runRow(r, i, count.get(r.key) ?? 0)));
    if (model.runs.length > MAX_RUN_ROWS) out.push('', `… and ${model.runs.length - MAX_RUN_ROWS} more run(s).`);
  }
  const err = model.findings.find((f) => f.severity === 'error');
  out.push('', '## First error', '');
  if (!err) out.push('No error findings.');
  else {
    const rule = input.rules.get(err.rule);
    const run = lookup.findRunAt(err.streamId, err.events[0] ?? 0);
    out.push(
      `- Rule: \`${mdText(err.rule, 80)}\`${rule?.fatal ? ' (fatal)' : ''}`,
      `- Where: ${run ? `run ${mdText(runName(run), 120)}, ` : ''}event #${err.events[0] ?? '?'}${err.toolCallId ? `, call ${mdText(err.toolCallId, 80)}` : ''}`,
      `- The official client (@ag-ui/client) throws: ${clientThrows(err, input.rules)}`,
      `- Message: ${mdText(err.message, 500)}`,
      ...(rule ? [`- Spec: ${mdText(rule.specRef, 200)}`] : []),
    );
  }
  out.push('', '## Notes', '');
  if (input.notes.length === 0) out.push('No notes.');
  else {
    input.notes.forEach((n, i) =>
      out.push(`${i + 1}. On ${mdText(noteTargetLabel(n.target, lookup, runName), 200)}: ${mdText(n.text, 2000)}`),
    );
  }
  return `${out.join('\n')}\n`;
}
