// Findings grouped by rule, and per call/run lookups for timeline markers. Built by
// scanning only findings appended since the last scan (cached per log lineage and filter).
import type { Finding, Severity } from '../../core/findings.js';
import type { RunModel, SessionModel } from '../../core/model/types.js';
import { matchesFilter, type ParsedFilter } from '../store/filter.js';

export interface FindingGroup {
  readonly rule: string;
  readonly severity: Severity;
  /** Indexes into model.findings. */
  readonly items: readonly number[];
}

export interface FindingIndex {
  readonly groups: readonly FindingGroup[];
  /** Visible findings in session order (for n / N). */
  readonly order: readonly number[];
  /** Visible findings of one call (key: streamId + toolCallId). */
  forCall(streamId: string, toolCallId: string): readonly number[];
  /** Visible findings of a run not tied to a call or message. */
  forRun(run: RunModel): readonly number[];
  /** Visible findings of a stream (placeholder lanes of streams without runs show them). */
  forStream(streamId: string): readonly number[];
  /** Visible findings whose main event is the stream's raw event `index` (Events row markers). */
  forEvent(streamId: string, index: number): readonly number[];
}

interface Scan {
  key: string;
  scanned: number;
  order: number[];
  groups: Map<string, { severity: Severity; items: number[] }>;
  byCall: Map<string, number[]>;
  byRun: Map<string, number[]>;
  byStream: Map<string, number[]>;
  byEvent: Map<string, number[]>;
}

const SEV_ORDER: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

export function findingTexts(f: Finding): string[] {
  return [f.rule, f.severity, f.message, f.toolCallId ?? '', f.messageId ?? '', f.runId ?? ''];
}

/** True when a finding belongs to `run` (same stream, main event inside its range). */
export function findingInRun(f: Finding, run: RunModel): boolean {
  const e = f.events[0];
  return (
    f.streamId === run.streamId && (e === undefined ? f.runId === run.runId : e >= run.firstEvent && e <= run.lastEvent)
  );
}

export function createFindingIndexer(): (
  model: SessionModel,
  filter: ParsedFilter,
  severities: Readonly<Record<Severity, boolean>>,
  run: RunModel | undefined,
) => FindingIndex {
  const scans = new WeakMap<object, Scan>();
  return (model, filter, severities, run) => {
    const key = `${filter.key}\u0000${severities.error ? 1 : 0}${severities.warning ? 1 : 0}${severities.notice ? 1 : 0}\u0000${run ? `${run.key}:${run.lastEvent}` : ''}`;
    const log = model.findings;
    // The findings array only grows; a withdrawal replaces it (see core store), so a
    // scan keyed by the array is either current up to `scanned` or absent.
    let scan = scans.get(log);
    if (!scan || scan.key !== key || scan.scanned > log.length) {
      scan = {
        key,
        scanned: 0,
        order: [],
        groups: new Map(),
        byCall: new Map(),
        byRun: new Map(),
        byStream: new Map(),
        byEvent: new Map(),
      };
      scans.set(log, scan);
    }
    for (let i = scan.scanned; i < log.length; i++) {
      const f = log[i];
      if (!f || !severities[f.severity]) continue;
      if (run && !findingInRun(f, run)) continue;
      if (!matchesFilter(filter, findingTexts(f))) continue;
      scan.order.push(i);
      const g = scan.groups.get(f.rule) ?? { severity: f.severity, items: [] };
      g.items.push(i);
      scan.groups.set(f.rule, g);
      const inStream = scan.byStream.get(f.streamId) ?? [];
      inStream.push(i);
      scan.byStream.set(f.streamId, inStream);
      const main = f.events[0];
      if (main !== undefined) {
        const k = `${f.streamId}\u0000${main}`;
        const list = scan.byEvent.get(k) ?? [];
        list.push(i);
        scan.byEvent.set(k, list);
      }
      if (f.toolCallId) {
        const k = `${f.streamId}\u0000${f.toolCallId}`;
        const list = scan.byCall.get(k) ?? [];
        list.push(i);
        scan.byCall.set(k, list);
      } else if (!f.messageId) {
        const k = `${f.streamId}\u0000${f.runId ?? ''}`;
        const list = scan.byRun.get(k) ?? [];
        list.push(i);
        scan.byRun.set(k, list);
      }
    }
    scan.scanned = log.length;
    const s = scan;
    const groups = [...s.groups.entries()]
      .map(([rule, g]) => ({ rule, severity: g.severity, items: g.items }))
      .sort((a, b) => SEV_ORDER[a.severity] - SEV_ORDER[b.severity] || a.rule.localeCompare(b.rule));
    return {
      groups,
      order: s.order,
      forStream: (streamId) => s.byStream.get(streamId) ?? [],
      forEvent: (streamId, index) => s.byEvent.get(`${streamId}\u0000${index}`) ?? [],
      forCall: (streamId, toolCallId) => s.byCall.get(`${streamId}\u0000${toolCallId}`) ?? [],
      forRun: (r) =>
        (s.byRun.get(`${r.streamId}\u0000${r.runId}`) ?? []).filter((i) => {
          const f = log[i];
          return f !== undefined && findingInRun(f, r);
        }),
    };
  };
}
