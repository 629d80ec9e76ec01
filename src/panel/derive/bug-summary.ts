// The bug report's Markdown summary. It is built from the session *as written into the
// report* (read back after redaction), so it can only quote what the report already holds:
// a redacted report's summary has masked values and credential-free URLs, never a second,
// separate redaction.
import type { SessionNoteV1 } from '../../core/io/session-notes.js';
import type { Finding, RuleInfo } from '../../core/findings.js';
import type { RunModel, SessionModel, StreamModel } from '../../core/model/types.js';
import type { Divergence } from '../../core/replay/index.js';
import { formatMs, runOutcome } from './format.js';
import { noteTargetLabel, type NoteLookup } from './note-target.js';
import {
  againstOriginal,
  runLabels,
  runMention,
  type FindingsAgainstOriginal,
  type OriginalFinding,
} from '../core-deps.js';

export interface SummaryInput {
  readonly model: SessionModel;
  readonly notes: readonly SessionNoteV1[];
  readonly rules: ReadonlyMap<string, RuleInfo>;
  readonly browser: string;
  readonly extensionVersion: string;
  /** How the session was written: 'masked', 'lengths hidden' or 'not redacted'. */
  readonly redaction: string;
  readonly createdAt: number;
  /**
   * How each replayed run's request differed from the recorded one, as the panel that armed
   * the replay compared them, by `${armId}#${index}` (the stream's `replayed` mark).
   */
  readonly divergences?: ReadonlyMap<string, readonly Divergence[]>;
  /**
   * A redacted session's findings before masking, as its file carries them: what the summary
   * counts, since masked data can lint differently from the session it came from.
   */
  readonly findingsBefore?: readonly OriginalFinding[];
}

/** A finding as the summary lists it: located, and with its message when the report holds one. */
interface Listed {
  readonly rule: string;
  readonly severity: Finding['severity'];
  readonly streamId: string;
  readonly events: readonly number[];
  readonly shown?: Finding;
}

/** The findings to count: the original's when the file carries them, else the session's own. */
function listedFindings(model: SessionModel, original: readonly OriginalFinding[] | undefined) {
  if (original === undefined)
    return { listed: model.findings.map((f): Listed => ({ ...f, shown: f })), compared: undefined };
  const compared = againstOriginal(model.findings, original);
  const listed = original.map((o, i): Listed => {
    const shown = compared.shownAs[i];
    return shown === undefined ? o : { ...o, shown };
  });
  return { listed, compared };
}

const NOT_KEPT = 'not kept (messages quote values, and the redacted data no longer shows this finding)';

/** What the redaction changed in the findings, when it changed anything. */
function changedSection(compared: FindingsAgainstOriginal | undefined, where: (f: Listed) => string): string[] {
  if (compared === undefined || (compared.lost.length === 0 && compared.added.length === 0)) return [];
  const line = (f: Listed): string => `- \`${mdText(f.rule, 80)}\` (${f.severity}) at ${where(f)}`;
  return [
    '',
    '## Findings changed by redaction',
    '',
    "The redacted data lints differently from the session it came from; the counts above are the original's.",
    '',
    `Only in the original (${compared.lost.length}):`,
    ...(compared.lost.length > 0 ? compared.lost.map(line) : ['- none']),
    '',
    `Only in the redacted data, made by masking (${compared.added.length}):`,
    ...(compared.added.length > 0 ? compared.added.map(line) : ['- none']),
  ];
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

function clientThrows(f: Pick<Finding, 'rule'>, rules: ReadonlyMap<string, RuleInfo>): string {
  const c = rules.get(f.rule)?.client;
  return c === undefined || c === 'no' ? 'no' : `yes (${c})`;
}

/**
 * Why a stream's events carry no duration: a file without per-event timing (a HAR body is
 * one piece), or a response that arrived in one chunk (a replay of such a file, as recorded).
 */
function untimed(s: StreamModel | undefined): string | undefined {
  if (!s || s.rawEvents.at(0)?.t !== s.rawEvents.at(-1)?.t) return undefined;
  if (s.info.transport === 'import') return 'no timing';
  return s.rawEvents.length > 1 ? 'in one chunk' : undefined;
}

function runRow(r: RunModel, i: number, findings: number, stream: StreamModel | undefined): string {
  const events = Math.max(0, r.lastEvent - r.firstEvent + 1);
  // A file without per-event timing is sized in events, as the sequence axis does.
  const why = untimed(stream);
  const duration = why
    ? `${events} events (${why})`
    : r.endedAt === undefined
      ? 'running'
      : formatMs(r.endedAt - r.startedAt);
  const cells = [
    String(i + 1),
    `${mdText(r.implicit ? '(no RUN_STARTED)' : r.runId, 80)}${stream?.info.replayed ? ' (replayed)' : ''}`,
    mdText(r.threadId, 80),
    mdText(runOutcome(r), 120),
    duration,
    String(events),
    String(r.toolCalls.length),
    String(findings),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** What the app's request did against the recorded one, by path only (values are in the session). */
function divergenceText(d: readonly Divergence[] | undefined): string {
  if (d === undefined) return 'not compared here (only the panel that armed the replay compares the requests)';
  if (d.length === 0) return "the app's request matches the recorded one";
  const shown = d.slice(0, 10).map((x) => `\`${mdText(x.path || '/', 80)}\` ${mdText(x.what, 120)}`);
  return `${d.length} divergence(s) from the recorded request: ${shown.join('; ')}${d.length > 10 ? '; …' : ''}`;
}

/** Which runs an armed replay answered, from what, and how the app's requests differed. */
function replayedSection(
  model: SessionModel,
  lookup: NoteLookup,
  runName: (r: RunModel) => string,
  divergences: ReadonlyMap<string, readonly Divergence[]> | undefined,
): string[] {
  const out: string[] = [];
  for (const s of model.streams) {
    const mark = s.info.replayed;
    if (!mark) continue;
    const runs = s.runKeys.flatMap((k) => lookup.findRun(k) ?? []);
    const names =
      runs.length > 0 ? runs.map((r) => `run ${mdText(runName(r), 120)}`).join(', ') : 'a stream with no run';
    const outcome = runs.map((r) => mdText(runOutcome(r), 120)).join(', ') || (s.end ? s.end.reason : 'open');
    const from = mark.recordedUrl ? `, recorded at ${mdText(mark.recordedUrl, 300)}` : '';
    const ended = s.end?.error ? `; ended: ${mdText(s.end.error, 200)}` : '';
    out.push(
      `${out.length + 1}. ${names}: replayed from ${mdText(mark.source, 200)}${from}; outcome ${outcome}${ended}; ${divergenceText(divergences?.get(`${mark.armId}#${mark.index}`))}`,
    );
  }
  return out.length > 0 ? out : ['No run was replayed.'];
}

export function bugSummary(input: SummaryInput): string {
  const { model } = input;
  const lookup = lookupOf(model);
  // The document that made the requests; the agent's URL is not the page.
  const doc = model.streams.find((s) => s.info.frameUrl)?.info.frameUrl;
  const endpoint = model.streams[0]?.info.url;
  const replayed = model.streams.filter((s) => s.info.replayed).length;
  // Runs named as the panel names them ("#3 · 14:02:11 · thread … · run …").
  const labels = runLabels(model.runs);
  const runName = (r: RunModel): string => labels.get(r.key)?.text ?? runMention(r);
  const { listed, compared } = listedFindings(model, input.findingsBefore);
  const changed = compared !== undefined && (compared.lost.length > 0 || compared.added.length > 0);
  const counted = `${listed.length} finding(s)${changed ? ` (before redaction; the redacted data shows ${model.findings.length})` : ''}`;
  const where = (f: Listed): string => {
    const run = lookup.findRunAt(f.streamId, f.events[0] ?? 0);
    return `${run ? `run ${mdText(runName(run), 120)}, ` : ''}event #${f.events[0] ?? '?'}`;
  };
  const out: string[] = [
    '# AG-UI bug report',
    '',
    `- Page: ${doc ? mdText(doc, 500) : '(unknown: the recording names no page URL)'}`,
    ...(endpoint ? [`- Agent endpoint: ${mdText(endpoint, 500)}`] : []),
    `- Browser: ${mdText(input.browser, 300)}`,
    `- AG-UI Inspector: ${mdText(input.extensionVersion, 40)}`,
    `- Created: ${new Date(input.createdAt).toISOString()}`,
    `- Session: ${model.streams.length} stream(s), ${model.runs.length} run(s)${replayed > 0 ? ` (${replayed} replayed)` : ''}, ${counted}; ${input.redaction}`,
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
    for (const f of listed) {
      const r = lookup.findRunAt(f.streamId, f.events[0] ?? 0);
      if (r) count.set(r.key, (count.get(r.key) ?? 0) + 1);
    }
    model.runs
      .slice(0, MAX_RUN_ROWS)
      .forEach((r, i) => out.push(runRow(r, i, count.get(r.key) ?? 0, lookup.findStream(r.streamId))));
    if (model.runs.length > MAX_RUN_ROWS) out.push('', `… and ${model.runs.length - MAX_RUN_ROWS} more run(s).`);
  }
  out.push('', '## Replayed runs', '', ...replayedSection(model, lookup, runName, input.divergences));
  out.push(...changedSection(compared, where));
  const err = listed.find((f) => f.severity === 'error');
  out.push('', '## First error', '');
  if (!err) out.push('No error findings.');
  else {
    const rule = input.rules.get(err.rule);
    const call = err.shown?.toolCallId;
    out.push(
      `- Rule: \`${mdText(err.rule, 80)}\`${rule?.fatal ? ' (fatal)' : ''}`,
      `- Where: ${where(err)}${call ? `, call ${mdText(call, 80)}` : ''}`,
      `- The official client (@ag-ui/client) throws: ${clientThrows(err, input.rules)}`,
      `- Message: ${err.shown ? mdText(err.shown.message, 500) : NOT_KEPT}`,
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
