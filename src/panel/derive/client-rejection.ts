// Which runs the official client (@ag-ui/client) would have thrown on: a run whose
// protocol outcome reads "success" can still be one the user's app never saw finish.
// Scans only findings appended since the last call (the findings array only grows; a
// withdrawal replaces it), so the lane headers and the run selector can ask per frame.
import type { ClientThrows, Finding, RuleInfo } from '../../core/findings.js';
import { rejectsUnder } from '../core-deps.js';
import type { RunModel, SessionModel } from '../../core/model/types.js';
import { findingInRun } from './finding-index.js';

export interface ClientRejections {
  /** The client versions that throw in this run ('no' when none). */
  clientOf(run: RunModel): ClientThrows;
  /** Whether the client the draft describes (profile `next`) rejects this run. */
  nextOf(run: RunModel): boolean;
  /** The official client's mark, else the next client's (it rejects wherever 1.0 does), or undefined. */
  labelOf(run: RunModel): string | undefined;
  /** Indexes into model.findings of the findings of the run where either client rejects it. */
  findingsOf(run: RunModel): readonly number[];
}

export const NEXT_REJECTION_LABEL = 'rejected by the next client (draft)';

interface Scan {
  scanned: number;
  byStream: Map<string, number[]>;
}

export function rejectionLabel(client: ClientThrows): string | undefined {
  if (client === 'no') return undefined;
  return `rejected by the official client (${client === '0.x' ? '0.x' : '1.0'})`;
}

function merge(a: ClientThrows, b: ClientThrows): ClientThrows {
  if (a === 'no') return b;
  if (b === 'no' || a === b) return a;
  return 'both';
}

export function createClientRejectionIndexer(
  rules: ReadonlyMap<string, RuleInfo>,
): (model: SessionModel) => ClientRejections {
  const scans = new WeakMap<object, Scan>();
  return (model) => {
    const log: readonly Finding[] = model.findings;
    let scan = scans.get(log);
    if (!scan || scan.scanned > log.length) {
      scan = { scanned: 0, byStream: new Map() };
      scans.set(log, scan);
    }
    for (let i = scan.scanned; i < log.length; i++) {
      const f = log[i];
      const rule = f ? rules.get(f.rule) : undefined;
      if (!f || !rule || (rule.client === 'no' && !rejectsUnder(rule, 'next'))) continue;
      const list = scan.byStream.get(f.streamId) ?? [];
      list.push(i);
      scan.byStream.set(f.streamId, list);
    }
    scan.scanned = log.length;
    const byStream = scan.byStream;
    const findingsOf = (run: RunModel): number[] =>
      (byStream.get(run.streamId) ?? []).filter((i) => {
        const f = log[i];
        return f !== undefined && findingInRun(f, run);
      });
    const clientOf = (run: RunModel): ClientThrows => {
      let out: ClientThrows = 'no';
      for (const i of findingsOf(run)) {
        const f = log[i];
        if (f) out = merge(out, rules.get(f.rule)?.client ?? 'no');
      }
      return out;
    };
    const nextOf = (run: RunModel): boolean =>
      findingsOf(run).some((i) => {
        const rule = rules.get(log[i]?.rule ?? '');
        return rule !== undefined && rejectsUnder(rule, 'next');
      });
    // Compact: the next client rejects wherever 1.0 does, so its mark shows only alone.
    const labelOf = (run: RunModel): string | undefined =>
      rejectionLabel(clientOf(run)) ?? (nextOf(run) ? NEXT_REJECTION_LABEL : undefined);
    return { clientOf, nextOf, labelOf, findingsOf };
  };
}
