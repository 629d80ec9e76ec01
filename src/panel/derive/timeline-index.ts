// Which lanes the timeline shows, without re-deriving the whole session per frame: each
// run's visible calls are cached by the run object (the model replaces a run object only
// when that run changed), so a live update re-filters one run; the rest is an offsets
// array over runs, and row lookup is a binary search.
import type { ActivityModel, RunModel, SessionModel, ToolCallModel } from '../../core/model/types.js';
import { matchesFilter, type ParsedFilter } from '../store/filter.js';
import type { PlaceholderLane } from './placeholder-lanes.js';
import { callTexts, messageTexts } from './filter-texts.js';

export type LaneRow =
  | { readonly kind: 'placeholder'; readonly lane: PlaceholderLane }
  | { readonly kind: 'run'; readonly run: RunModel; readonly runIndex: number }
  | { readonly kind: 'messages'; readonly run: RunModel; readonly runIndex: number }
  | { readonly kind: 'activity'; readonly run: RunModel; readonly runIndex: number; readonly activity: ActivityModel }
  | {
      readonly kind: 'call';
      readonly run: RunModel;
      readonly runIndex: number;
      readonly call: ToolCallModel;
      readonly callIndex: number;
    };

export interface TimelineIndex {
  readonly count: number;
  /** The runs with rows, in row order (what "fit" fits). */
  readonly runs: readonly RunModel[];
  /** Call lanes shown (the Timeline tab's count). */
  readonly calls: number;
  /** The placeholder lanes with rows, in row order. */
  readonly placeholders: readonly PlaceholderLane[];
  rowAt(index: number): LaneRow | undefined;
  rowOfCall(runKey: string, toolCallId: string): number;
  rowOfRun(runKey: string): number;
}

interface RunRows {
  readonly key: string;
  /** The run's version when the rows were made. */
  readonly version: number;
  /** Call indexes (in run.toolCalls) that pass the filter. */
  readonly calls: readonly number[];
  readonly messages: boolean;
  /** Activity indexes (in run.activities) that pass the filter: one lane each. */
  readonly activities: readonly number[];
}

export function createTimelineIndexer(): (
  model: SessionModel,
  filter: ParsedFilter,
  runFilter: string | undefined,
  placeholders?: readonly PlaceholderLane[],
) => TimelineIndex {
  const cache = new WeakMap<RunModel, RunRows>();
  const rowsOf = (run: RunModel, filter: ParsedFilter): RunRows => {
    // Runs change in place: a cached row set holds for the run version it was made at.
    const hit = cache.get(run);
    if (hit && hit.key === filter.key && hit.version === run.version) return hit;
    const calls: number[] = [];
    // The run's ids count as the call's text: filtering by a run id shows its lanes,
    // and a negated term hides a call when either mentions it.
    const runTexts = [run.runId, run.threadId];
    for (let i = 0; i < run.toolCalls.length; i++) {
      const call = run.toolCalls[i];
      if (call && (filter.terms.length === 0 || matchesFilter(filter, [...callTexts(call), ...runTexts])))
        calls.push(i);
    }
    // The messages lane shows when the filter finds its text (or there is no filter).
    const messages =
      run.messages.length > 0 &&
      (filter.terms.length === 0 || matchesFilter(filter, [...messageTexts(run.messages), ...runTexts]));
    const activities: number[] = [];
    for (let i = 0; i < run.activities.length; i++) {
      const a = run.activities[i];
      if (a && (filter.terms.length === 0 || matchesFilter(filter, [a.messageId, a.activityType, ...runTexts])))
        activities.push(i);
    }
    const rows: RunRows = { key: filter.key, version: run.version, calls, messages, activities };
    cache.set(run, rows);
    return rows;
  };

  return (model, filter, runFilter, placeholders = []) => {
    // Groups are runs (header + lanes) and placeholders (one row), merged by start time.
    // Per group: its run (undefined for a placeholder group).
    const runs: (RunModel | undefined)[] = [];
    const runIndexes: number[] = [];
    const rows: (RunRows | PlaceholderLane)[] = [];
    const offsets: number[] = [];
    const shown: PlaceholderLane[] = [];
    let count = 0;
    let calls = 0;
    let p = 0;
    const pending =
      runFilter !== undefined
        ? []
        : placeholders.filter(
            (ph) => filter.terms.length === 0 || matchesFilter(filter, [ph.method, ph.url, ph.why, ph.id]),
          );
    const flushPlaceholders = (until: number): void => {
      for (; p < pending.length && (pending[p]?.startedAt ?? Infinity) <= until; p++) {
        const ph = pending[p];
        if (!ph) continue;
        shown.push(ph);
        runs.push(undefined);
        runIndexes.push(-1);
        rows.push(ph);
        offsets.push(count);
        count += 1;
      }
    };
    for (let i = 0; i < model.runs.length; i++) {
      const run = model.runs[i];
      if (!run || (runFilter !== undefined && run.key !== runFilter)) continue;
      const r = rowsOf(run, filter);
      if (filter.terms.length > 0 && r.calls.length === 0 && !r.messages && r.activities.length === 0) continue;
      flushPlaceholders(run.startedAt);
      runs.push(run);
      runIndexes.push(i);
      rows.push(r);
      offsets.push(count);
      count += 1 + (r.messages ? 1 : 0) + r.activities.length + r.calls.length;
      calls += r.calls.length;
    }
    flushPlaceholders(Infinity);
    const shownRuns = runs.filter((r): r is RunModel => r !== undefined);
    const findGroup = (index: number): number => {
      let lo = 0;
      let hi = offsets.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((offsets[mid] ?? 0) <= index) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    const isRows = (r: RunRows | PlaceholderLane | undefined): r is RunRows => r !== undefined && 'calls' in r;
    return {
      count,
      runs: shownRuns,
      calls,
      placeholders: shown,
      rowAt(index) {
        if (index < 0 || index >= count) return undefined;
        const g = findGroup(index);
        const run = runs[g];
        const r = rows[g];
        const runIndex = runIndexes[g] ?? 0;
        if (r && !isRows(r)) return { kind: 'placeholder', lane: r };
        if (!run || !r) return undefined;
        let local = index - (offsets[g] ?? 0);
        if (local === 0) return { kind: 'run', run, runIndex };
        local--;
        if (r.messages) {
          if (local === 0) return { kind: 'messages', run, runIndex };
          local--;
        }
        if (local < r.activities.length) {
          const activity = run.activities[r.activities[local] ?? -1];
          return activity ? { kind: 'activity', run, runIndex, activity } : undefined;
        }
        local -= r.activities.length;
        const callIndex = r.calls[local];
        const call = callIndex === undefined ? undefined : run.toolCalls[callIndex];
        return call && callIndex !== undefined ? { kind: 'call', run, runIndex, call, callIndex } : undefined;
      },
      rowOfRun(runKey) {
        const g = runs.findIndex((r) => r?.key === runKey);
        return g < 0 ? -1 : (offsets[g] ?? -1);
      },
      rowOfCall(runKey, toolCallId) {
        const g = runs.findIndex((r) => r?.key === runKey);
        const run = runs[g];
        const r = rows[g];
        if (!run || !isRows(r)) return -1;
        const local = r.calls.findIndex((ci) => run.toolCalls[ci]?.toolCallId === toolCallId);
        return local < 0 ? -1 : (offsets[g] ?? 0) + 1 + (r.messages ? 1 : 0) + r.activities.length + local;
      },
    };
  };
}
