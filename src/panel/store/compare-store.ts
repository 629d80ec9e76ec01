// Which two runs the Compare view shows. A side is a run of the session on screen, or a
// run kept from an earlier one ("Keep for comparison" before importing a file, or before
// Clear), so an imported run can be compared with a live one.
import { signal, type Signal } from '@preact/signals';
import type { Finding } from '../../core/findings.js';
import type { RunModel } from '../../core/model/types.js';

export interface KeptRun {
  /** Stable within the panel: a side keeps pointing at it when older ones are dropped. */
  readonly id: number;
  /** Where it came from ("live", a file name). */
  readonly source: string;
  readonly run: RunModel;
  readonly findings: readonly Finding[];
}

/** `run:<key>` for a run of the current session, `kept:<n>` for a kept one. */
export type SideId = string;

export const currentSide = (runKey: string): SideId => `run:${runKey}`;
export const keptSide = (n: number): SideId => `kept:${n}`;

/** At most this many kept runs: each holds its whole model record. */
export const MAX_KEPT = 4;

export interface CompareStore {
  readonly open: Signal<boolean>;
  readonly a: Signal<SideId | undefined>;
  readonly b: Signal<SideId | undefined>;
  readonly kept: Signal<readonly KeptRun[]>;
  /** Keeps a run (dropping the oldest beyond MAX_KEPT); returns its side id. */
  keep(run: Omit<KeptRun, 'id'>): SideId;
  findKept(side: SideId): KeptRun | undefined;
  show(a: SideId | undefined, b: SideId | undefined): void;
  close(): void;
}

export function createCompareStore(): CompareStore {
  const open = signal(false);
  const a = signal<SideId | undefined>(undefined);
  const b = signal<SideId | undefined>(undefined);
  const kept = signal<readonly KeptRun[]>([]);
  let nextId = 0;
  return {
    open,
    a,
    b,
    kept,
    keep(run) {
      const same = kept.peek().find((k) => k.run === run.run);
      if (same) return keptSide(same.id);
      const entry: KeptRun = { ...run, id: nextId++ };
      kept.value = [...kept.peek(), entry].slice(-MAX_KEPT);
      return keptSide(entry.id);
    },
    findKept(side) {
      return kept.value.find((k) => keptSide(k.id) === side);
    },
    show(sa, sb) {
      a.value = sa;
      b.value = sb;
      open.value = true;
    },
    close() {
      open.value = false;
    },
  };
}
