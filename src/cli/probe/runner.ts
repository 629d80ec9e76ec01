// Runs a probe script against one server: each step's kind sends its runs through one
// probe session, then the step's findings are its contracts plus every protocol rule's
// findings on its answers (minus the truncation the probe caused by cancelling).
import type { Finding } from '../../core/findings.js';
import type { RunRef } from '../../core/model/reads.js';
import {
  createProbeSession,
  DEFAULT_ANSWER_LIMITS,
  type AnswerLimits,
  type ExchangeRecord,
  type ProbeSession,
} from './probe-session.js';
import { timingNote } from './timing-note.js';
import { requestHeaders } from './run-input.js';
import { DEFAULT_TIMEOUT_MS, MALFORMED_TIMEOUT_MS, type ProbeScript, type ProbeStep, type StepKind } from './script.js';
import { cancelStep, concurrentStep, malformedStep } from './steps-transport.js';
import { frontendToolStep, stateStep, turnStep, twoRunsStep } from './steps-runs.js';
import type { StepRunner } from './step-types.js';

// What a stream cut by the client always shows: on a stream the probe cancelled on
// purpose these are the probe's doing, not the server's.
const CUT_RULES = new Set(['run/truncated', 'tool-call/open-at-stream-end']);

const KINDS: Readonly<Record<StepKind, StepRunner>> = {
  turn: turnStep,
  'frontend-tool': frontendToolStep,
  state: stateStep,
  'two-runs': twoRunsStep,
  cancel: cancelStep,
  malformed: malformedStep,
  concurrent: concurrentStep,
};

export interface StepResult {
  readonly step: ProbeStep;
  readonly records: readonly ExchangeRecord[];
  readonly findings: readonly Finding[];
  readonly notes: readonly string[];
  /** The first answer's timing figures ("headers 9 ms, first event 11 ms, …"). */
  readonly timing?: string;
  readonly ms: number;
  /** The runs the step's answers opened. */
  readonly runs: readonly RunRef[];
}

export interface ProbeOptions {
  readonly url: URL;
  /** The URL as printed and saved (secrets.ts). */
  readonly shownUrl: string;
  /** The user's -H headers (sent as given). */
  readonly headers: Readonly<Record<string, string>>;
  readonly proto: boolean;
  readonly script: ProbeScript;
  /** Default per-request timeout for steps without timeoutMs. */
  readonly timeoutMs?: number;
  /** Bounds on each answer (--max-bytes, --end-grace). */
  readonly limits?: AnswerLimits;
  readonly onStep?: (result: StepResult) => void;
}

export interface ProbeRun {
  readonly session: ProbeSession;
  readonly results: readonly StepResult[];
}

export async function probeServer(o: ProbeOptions): Promise<ProbeRun> {
  const session = createProbeSession(
    o.url,
    requestHeaders(o.headers, o.proto),
    o.shownUrl,
    o.limits ?? DEFAULT_ANSWER_LIMITS,
  );
  const results: StepResult[] = [];
  for (const step of o.script.steps) {
    const started = Date.now();
    // A refusal needs no model: a malformed input gets less time to answer.
    const timeoutMs =
      step.timeoutMs ?? o.timeoutMs ?? (step.kind === 'malformed' ? MALFORMED_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
    const outcome = await KINDS[step.kind]({ session, step, timeoutMs });
    const cut = new Set(outcome.cutByProbe ?? []);
    const linted = outcome.records.flatMap((r) =>
      session
        .findingsOf(r)
        .filter((f) => !(cut.has(f.streamId) && CUT_RULES.has(f.rule)))
        // A buffered stream reaches the user all at once: the probe fails on it (--rule can relax it).
        .map((f) => (f.rule === 'timing/buffered' ? { ...f, severity: 'error' as const } : f)),
    );
    const timing = timingNote(session, outcome.records);
    const result: StepResult = {
      step,
      records: outcome.records,
      findings: [...outcome.findings, ...linted],
      notes: outcome.notes,
      ...(timing !== undefined ? { timing } : {}),
      ms: Date.now() - started,
      runs: runsOf(session, outcome.records),
    };
    results.push(result);
    o.onStep?.(result);
    // Nothing has answered at all: the remaining steps would only say so again.
    if (neverAnswered(session.records)) break;
    // An answer without bound: the next steps would read another, and say so again.
    if (outcome.records.some((r) => r.exchange.end === 'too-large')) break;
  }
  return { session, results };
}

function runsOf(session: ProbeSession, records: readonly ExchangeRecord[]): RunRef[] {
  const streams = new Set(records.map((r) => r.streamId));
  return session.inspector.model.runs
    .filter((r) => streams.has(r.streamId))
    .map((r) => ({ streamId: r.streamId, threadId: r.threadId, runId: r.runId, implicit: r.implicit === true }));
}

/** No request got an HTTP response: the server is not there (refused, DNS, TLS). */
export function neverAnswered(records: readonly ExchangeRecord[]): boolean {
  return records.length > 0 && records.every((r) => r.exchange.head === undefined && r.exchange.end === 'error');
}
