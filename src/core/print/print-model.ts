// printModel: the whole session as indented text, for tests (inline snapshots) and the
// CLI's `print`. Deterministic: times are relative to their stream's start, never wall
// clock, and collections print in model order.
import type { Finding } from '../findings.js';
import type { MessageModel, RunInputModel, RunModel, SessionModel, StreamModel } from '../model/types.js';
import { getRun, getStream } from '../reduce/lookup.js';
import type { SessionNoteV1 } from '../io/session-notes.js';
import { againstOriginal, type OriginalFinding } from '../io/findings-before.js';
import { printCall } from './print-call.js';
import { runEndNote, runOutcome } from './run-outcome.js';
import { inert, lines, range, rel, value } from './format.js';

function inputLine(label: string, input: RunInputModel): string {
  const tools = input.tools.map((t) => t.name + (t.parameters !== undefined ? '(schema)' : ''));
  return `${label}: thread=${value(input.threadId)} run=${value(input.runId)} tools=[${tools.join(', ')}] messages=${input.messages.length}`;
}

function printMessage(msg: MessageModel, origin: number): string {
  const state = msg.open ? 'open' : `closed #${msg.endEvent ?? '?'} ${rel(msg.endT, origin)}`;
  const owner = msg.owner !== undefined ? ` owner=${msg.owner}` : '';
  return `${msg.kind} ${msg.messageId} role=${msg.role}${owner} start #${msg.startEvent} ${rel(msg.startT, origin)}, ${state}: ${inert(msg.text)}`;
}

function printRun(model: SessionModel, run: RunModel, origin: number): string[] {
  const head =
    `run ${run.key}${run.implicit ? ' (implicit)' : ''} thread=${value(run.threadId)} run=${value(run.runId)} ` +
    `status=${run.status} input=${run.inputSource} events ${range(run.firstEvent, run.lastEvent)} ` +
    `${rel(run.startedAt, origin)}..${run.endedAt === undefined ? '' : rel(run.endedAt, origin)}`;
  const body: string[] = [];
  if (run.input && run.inputSource === 'echo') body.push(inputLine('echo input', run.input));
  // The outcome as the panel shows it, then (when finished) what RUN_FINISHED said.
  const shown = runEndNote(model, run) ?? runOutcome(run);
  body.push(
    `outcome: ${inert(shown)}${run.status === 'finished' && run.outcome !== undefined ? ` (recorded ${value(run.outcome)})` : ''}`,
  );
  if (run.error)
    body.push(
      `error: ${value(run.error.message)}${run.error.code !== undefined ? ` code=${value(run.error.code)}` : ''}`,
    );
  const out = [...lines(2, head), ...lines(3, ...body)];
  for (const c of run.toolCalls) out.push(...printCall(c, origin, 3));
  for (const r of run.unmatchedResults ?? []) {
    out.push(
      ...lines(3, `unmatched result #${r.event} for ${r.toolCallId} msg=${value(r.messageId)}: ${value(r.content)}`),
    );
  }
  for (const msg of run.messages) out.push(...lines(3, printMessage(msg, origin)));
  return out;
}

function printStream(model: SessionModel, s: StreamModel): string[] {
  const i = s.info;
  const origin = i.startedAt;
  // Request sent → response headers, where the capture (or a HAR's timings) says.
  const toHeaders = i.requestedAt !== undefined ? ` to-headers=${Math.round(i.startedAt - i.requestedAt)}ms` : '';
  const out = lines(
    1,
    `stream ${i.streamId} ${i.method || '-'} ${i.url} ${i.encoding} status=${i.status} ${value(i.contentType)}${toHeaders}`,
  );
  const body: string[] = [];
  if (i.replayed)
    body.push(
      `replayed from ${inert(i.replayed.source)} (run ${i.replayed.index + 1} of arm ${inert(i.replayed.armId)})`,
    );
  if (s.requestInput) body.push(inputLine('request', s.requestInput));
  else if (i.requestBody !== undefined) body.push(`request body (not a run input): ${inert(i.requestBody, 80)}`);
  if (i.requestBodyNote) body.push(`request note: ${i.requestBodyNote}`);
  const end = s.end
    ? `end=${s.end.reason} ${rel(s.end.t, origin)}${s.end.error ? ` ${value(s.end.error)}` : ''}`
    : 'open';
  body.push(
    `bytes=${s.bytes} chunks=${s.chunks.length} line-ending=${s.lineEnding} raw=${s.rawEvents.length} expanded=${s.expanded.length} ${end}`,
  );
  out.push(...lines(2, ...body));
  for (const key of s.runKeys) {
    const run = getRun(model, key);
    if (run) out.push(...printRun(model, run, origin));
  }
  return out;
}

function printFinding(model: SessionModel, f: Finding): string {
  const refs = [
    f.runId !== undefined ? `run=${value(f.runId)}` : '',
    f.toolCallId !== undefined ? `call=${f.toolCallId}` : '',
    f.messageId !== undefined ? `msg=${f.messageId}` : '',
  ].filter(Boolean);
  const origin = getStream(model, f.streamId)?.info.startedAt ?? f.t;
  const events = f.events.map((e) => `#${e}`).join(',');
  return `${f.severity} ${f.rule} ${f.streamId} ${events || '-'} ${rel(f.t, origin)}${refs.length ? ' ' + refs.join(' ') : ''}: ${inert(f.message, 240)}`;
}

function printNote(note: SessionNoteV1): string {
  const t = note.target;
  const on =
    t.kind === 'run'
      ? `run ${t.run} of ${t.streamId}`
      : t.kind === 'call'
        ? `call ${t.toolCallId} (run ${t.run} of ${t.streamId})`
        : t.kind === 'event'
          ? `event #${t.event} of ${t.streamId}`
          : `finding ${t.rule} at event #${t.event} of ${t.streamId}`;
  return `on ${inert(on)}: ${inert(note.text, 2000)}`;
}

export interface PrintOptions {
  /** A session file's notes (people's words), printed after the findings. */
  readonly notes?: readonly SessionNoteV1[];
  /** A redacted session's findings before masking: printed against the masked data's. */
  readonly findingsBefore?: readonly OriginalFinding[];
}

/** A redacted file's original findings, and which of them the masked data shows. */
function printOriginal(model: SessionModel, original: readonly OriginalFinding[]): string[] {
  const { lost, added } = againstOriginal(model.findings, original);
  if (lost.length === 0 && added.length === 0)
    return [`findings before redaction: the same ${original.length} as the masked data`];
  const out = [
    `findings before redaction: ${original.length} (redacted file: the masked data shows ${original.length - lost.length} of them and ${added.length} the original did not have)`,
  ];
  const missing = new Set(lost);
  for (const o of original) {
    const events = o.events.map((e) => `#${e}`).join(',');
    const note = missing.has(o) ? ' (the masked data does not show it)' : '';
    out.push(...lines(1, `${o.severity} ${o.rule} ${o.streamId} ${events || '-'}${note}`));
  }
  return out;
}

export function printModel(model: SessionModel, options: PrintOptions = {}): string {
  const c = model.counts;
  const out = [
    `session: ${model.streams.length} streams, ${model.runs.length} runs, ${model.threads.length} threads; findings: ${c.error} errors, ${c.warning} warnings, ${c.notice} notices`,
  ];
  out.push('streams');
  for (const s of model.streams) out.push(...printStream(model, s));
  if (model.threads.length > 0) {
    out.push('threads');
    for (const th of model.threads) out.push(...lines(1, `${th.threadId}: ${th.runKeys.join(', ')}`));
  }
  const added = new Set(
    options.findingsBefore === undefined ? [] : againstOriginal(model.findings, options.findingsBefore).added,
  );
  if (model.findings.length > 0) {
    out.push('findings');
    for (const f of model.findings)
      out.push(...lines(1, printFinding(model, f) + (added.has(f) ? ' (not in the original: redaction made it)' : '')));
  }
  if (options.findingsBefore !== undefined) out.push(...printOriginal(model, options.findingsBefore));
  if (options.notes !== undefined && options.notes.length > 0) {
    out.push('notes');
    for (const n of options.notes) out.push(...lines(1, printNote(n)));
  }
  return out.join('\n');
}
