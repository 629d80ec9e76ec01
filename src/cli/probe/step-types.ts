// What a step kind gets and gives back (steps-*.ts).
import type { Finding } from '../../core/findings.js';
import type { ExchangeRecord, ProbeSession } from './probe-session.js';
import type { ProbeStep } from './script.js';

export interface StepContext {
  readonly session: ProbeSession;
  readonly step: ProbeStep;
  readonly timeoutMs: number;
}

export interface StepOutcome {
  readonly records: readonly ExchangeRecord[];
  /** Contract and expectation findings (the protocol rules' are added by the runner). */
  readonly findings: readonly Finding[];
  /** What the step saw, for people: "closed 12 ms after the abort". */
  readonly notes: readonly string[];
  /** Streams the probe cut itself: their `run/truncated` is the probe's doing. */
  readonly cutByProbe?: readonly string[];
}

export type StepRunner = (ctx: StepContext) => Promise<StepOutcome>;
