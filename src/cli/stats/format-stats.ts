// `stats` as text: the session's bytes by kind, then per thread its runs' weights, the
// request body's growth along it and each STATE_SNAPSHOT's size beside what changed.
import type { BudgetNotice } from '../../core/stats/budget-notices.js';
import type { PayloadBudget, RunWeight } from '../../core/stats/payload-budget.js';
import { PAYLOAD_KINDS } from '../core-deps.js';

const share = (part: number, whole: number): string => (whole === 0 ? '0 %' : `${((part / whole) * 100).toFixed(1)} %`);

function kinds(byKind: PayloadBudget['byKind'], total: number): string {
  return PAYLOAD_KINDS.filter((k) => byKind[k] > 0)
    .map((k) => `${k} ${byKind[k]} (${share(byKind[k], total)})`)
    .join(', ');
}

function runLines(run: RunWeight): string[] {
  const types = Object.entries(run.byType)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  const lines = [
    `  run ${run.runId || '(no id)'} (${run.runKey}) · ${run.events} events · ${run.bytes} bytes · request ${run.requestBytes} bytes`,
    `    by kind: ${kinds(run.byKind, run.bytes) || '(none)'}`,
    `    by type: ${types || '(none)'}`,
  ];
  for (const s of run.snapshots)
    lines.push(
      `    STATE_SNAPSHOT #${s.event}: ${s.bytes} bytes, ${s.changedBytes === undefined ? 'no state before it' : `${s.changedBytes} changed (${share(s.changedBytes, s.bytes)})`}`,
    );
  return lines;
}

export function formatStats(file: string, budget: PayloadBudget, notices: readonly BudgetNotice[]): string {
  const lines = [
    `${file}: ${budget.bytes} bytes streamed in ${budget.runs.length} run${budget.runs.length === 1 ? '' : 's'} on ${budget.threads.length} thread${budget.threads.length === 1 ? '' : 's'}`,
    `by kind: ${kinds(budget.byKind, budget.bytes) || '(none)'}`,
  ];
  const byKey = new Map(budget.runs.map((r) => [r.runKey, r]));
  for (const t of budget.threads) {
    const perTurn = t.requestGrowth.map((g) => (g < 0 ? `${g}` : `+${g}`)).join(' ');
    const growth = t.requests.length > 1 ? `, growth per turn ${perTurn}, largest +${t.maxRequestGrowth}` : '';
    lines.push(
      `thread ${t.threadId || '(none)'} · ${t.runKeys.length} run${t.runKeys.length === 1 ? '' : 's'} · ${t.bytes} bytes streamed · requests ${t.requests.join(' → ')} bytes${growth}`,
    );
    for (const k of t.runKeys) {
      const run = byKey.get(k);
      if (run) lines.push(...runLines(run));
    }
  }
  lines.push(
    notices.length === 0 ? 'no budget notices' : `${notices.length} budget notice${notices.length === 1 ? '' : 's'}:`,
  );
  for (const n of notices) lines.push(`  ${n.kind}: ${n.message}`);
  return `${lines.join('\n')}\n`;
}
