// Notices on a payload budget, each against a threshold the project sets (the CLI reads them
// from agui-inspector.config.json's "budget"): a STATE_SNAPSHOT resent with little changed,
// where a STATE_DELTA would do; a request body that grows by more than a bound from one run
// of a thread to the next (the history resent every turn); a run over a size bound.
import type { PayloadBudget } from './payload-budget.js';

export interface BudgetThresholds {
  /** A snapshot whose change since the state before it is below this share of its size (0–1). */
  readonly snapshotChangedBelow: number;
  /** Request body growth per run along a thread, in kB (1000 bytes). */
  readonly requestGrowthKb: number;
  /** A run's streamed bytes, in MB (1e6 bytes). */
  readonly runMb: number;
}

export const DEFAULT_THRESHOLDS: BudgetThresholds = { snapshotChangedBelow: 0.1, requestGrowthKb: 50, runMb: 5 };

export interface BudgetNotice {
  readonly kind: 'snapshot-mostly-unchanged' | 'request-growth' | 'run-size';
  readonly threadId: string;
  readonly runKey?: string;
  /** Wire index of the event it is about (a snapshot). */
  readonly event?: number;
  readonly message: string;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

export function budgetNotices(budget: PayloadBudget, limits: BudgetThresholds = DEFAULT_THRESHOLDS): BudgetNotice[] {
  const out: BudgetNotice[] = [];
  for (const run of budget.runs) {
    for (const s of run.snapshots) {
      if (s.changedBytes === undefined || s.bytes === 0) continue;
      const share = s.changedBytes / s.bytes;
      if (share >= limits.snapshotChangedBelow) continue;
      out.push({
        kind: 'snapshot-mostly-unchanged',
        threadId: run.threadId,
        runKey: run.runKey,
        event: s.event,
        message: `STATE_SNAPSHOT #${s.event} of run '${run.runId}' resends ${s.bytes} bytes of state with ${pct(share)} changed (${s.changedBytes} bytes as a JSON Patch): a STATE_DELTA would do.`,
      });
    }
    if (run.bytes > limits.runMb * 1e6)
      out.push({
        kind: 'run-size',
        threadId: run.threadId,
        runKey: run.runKey,
        message: `Run '${run.runId}' streamed ${run.bytes} bytes, over the ${limits.runMb} MB budget.`,
      });
  }
  for (const t of budget.threads) {
    const runs = t.runKeys.map((k) => budget.runs.find((r) => r.runKey === k));
    // The thread summary's own per-turn figures, so the notice and the summary never disagree.
    for (const [turn, growth] of t.requestGrowth.entries()) {
      if (growth <= limits.requestGrowthKb * 1000) continue;
      const i = turn + 1;
      const run = runs[i];
      out.push({
        kind: 'request-growth',
        threadId: t.threadId,
        ...(run ? { runKey: run.runKey } : {}),
        message: `The request of run '${run?.runId ?? '?'}' on thread '${t.threadId}' is ${growth} bytes larger than the one before (${t.requests[i - 1]} → ${t.requests[i]}), over the ${limits.requestGrowthKb} kB per turn budget: the client resends the history every turn.`,
      });
    }
  }
  return out;
}
