// Resolves the Compare view's side ids to runs with their findings and source.
import type { CompareSide } from '../derive/compare/compare-runs.js';
import { findingsOfRun } from '../derive/compare/run-findings.js';
import { currentSide, keptSide, type SideId } from './compare-store.js';
import type { PanelStore } from './panel-store.js';

/** Where the runs on screen come from, for people. */
export function sessionSource(store: PanelStore): string {
  return store.importedName.value ?? (store.offline ? 'offline' : 'live');
}

export function resolveSide(store: PanelStore, side: SideId | undefined): CompareSide | undefined {
  if (side === undefined) return undefined;
  if (side.startsWith('run:')) {
    const run = store.findRun(side.slice(4));
    if (!run) return undefined;
    return { source: sessionSource(store), run, findings: findingsOfRun(store.capture.model.value.findings, run) };
  }
  const kept = store.compare.findKept(side);
  return kept ? { source: kept.source, run: kept.run, findings: kept.findings } : undefined;
}

/**
 * The pair the Compare runs button opens: with exactly two runs in view (or one on screen and
 * one kept) they are compared at once; otherwise the sides the user picked last, or the
 * selected run and its neighbour, to be changed in the view's pickers.
 */
export function defaultPair(store: PanelStore): readonly [SideId | undefined, SideId | undefined] {
  const runs = store.capture.model.value.runs;
  const filter = store.selection.runFilter.value;
  const kept = store.compare.kept.value;
  const inView = filter !== undefined ? runs.filter((r) => r.key === filter) : runs;
  const first = inView[0];
  const second = inView[1];
  if (inView.length === 2 && first && second) return [currentSide(first.key), currentSide(second.key)];
  const lastKept = kept[kept.length - 1];
  if (inView.length === 1 && first && lastKept) return [keptSide(lastKept.id), currentSide(first.key)];
  const { a, b } = store.compare;
  if (resolveSide(store, a.value) && resolveSide(store, b.value)) return [a.value, b.value];
  const selected = store.selection.run.value ?? filter;
  const at = Math.max(0, selected ? runs.findIndex((r) => r.key === selected) : 0);
  const x = runs[at];
  const y = runs[at + 1] ?? runs[at - 1];
  return [x ? currentSide(x.key) : undefined, y ? currentSide(y.key) : undefined];
}
