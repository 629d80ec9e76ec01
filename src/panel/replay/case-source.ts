// "Recording: a conformance case…": the bundled client conformance catalogue as something to
// replay. The catalogue is loaded when the user first opens the picker (it is large: the
// official corpus), its cases grouped as the picker shows them, and the picked case becomes
// a replay candidate whose plan is the case's bytes as `serve --cases` sends them.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { ClientCase } from '../../core/client-cases/types.js';
import type { CaseCatalogue } from '../core-deps.js';
import type { ReplayCandidate } from './sources.js';

export type CatalogueState =
  | { readonly status: 'idle' | 'loading' }
  | { readonly status: 'ready'; readonly catalogue: CaseCatalogue }
  | { readonly status: 'failed'; readonly error: string };

export interface CaseGroup {
  /** The optgroup's label: "Official 1.0", "Official 1.1", "Official draft", "Frameworks". */
  readonly label: string;
  readonly cases: readonly ClientCase[];
}

export interface CasePicker {
  readonly state: ReadonlySignal<CatalogueState>;
  readonly groups: ReadonlySignal<readonly CaseGroup[]>;
  /** The case picked (the catalogue's first until the user picks one). */
  readonly caseId: Signal<string | undefined>;
  readonly picked: ReadonlySignal<ClientCase | undefined>;
  /** The picked case as what the replay sends ([] until the catalogue is loaded). */
  readonly candidates: ReadonlySignal<readonly ReplayCandidate[]>;
  /** Loads the catalogue if it is not loaded (again after a failure). */
  open(): void;
}

export function groupCases(cases: readonly ClientCase[]): CaseGroup[] {
  const groups = new Map<string, ClientCase[]>();
  for (const c of cases) {
    const label = c.group === 'official' ? `Official ${c.protocolVersion}` : 'Frameworks';
    const list = groups.get(label) ?? [];
    list.push(c);
    groups.set(label, list);
  }
  return [...groups].map(([label, list]) => ({ label, cases: list }));
}

export const caseSource = (c: ClientCase): string => `conformance case ${c.id}`;

export function caseCandidate(c: ClientCase, catalogue: CaseCatalogue): ReplayCandidate {
  const source = caseSource(c);
  return {
    streamId: `case:${c.id}`,
    source,
    label: `${c.id} — ${c.title}`,
    // A case is meant for whatever URL the app posts its runs to.
    recordedUrl: '',
    events: c.answer.parts.filter((p) => 'event' in p).length,
    plan: () => catalogue.replayRun(c, source),
  };
}

const STALL_MS = 1000;
const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/** How faithfully the panel's replay plays the case: what differs from a server, in a sentence or two. */
export function casePlayNote(c: ClientCase): string {
  const { status, contentType, parts } = c.answer;
  const notes: string[] = [];
  if (status !== 200 || !contentType.toLowerCase().startsWith('text/event-stream'))
    notes.push(
      `Answers HTTP ${status} (${contentType}) as a server would: an app's fetch or XMLHttpRequest gets it and the run shows as failed, replayed; an app that uses EventSource is not answered (the tab answers an EventSource only with an event stream).`,
    );
  let gap = 0;
  for (let i = 1; i < parts.length; i++) gap = Math.max(gap, (parts[i]?.at ?? 0) - (parts[i - 1]?.at ?? 0));
  const last = parts.at(-1)?.at ?? 0;
  if (gap >= STALL_MS)
    notes.push(
      `Takes ${seconds(last)}, with stalls of up to ${seconds(gap)}: only Pacing "As recorded" keeps them, and the body ends after its last write, as \`serve --cases\` ends it.`,
    );
  return notes.length > 0 ? notes.join(' ') : 'Plays in the page exactly as `serve --cases` serves it.';
}

export function createCasePicker(load: () => Promise<CaseCatalogue>, notice: Signal<string | undefined>): CasePicker {
  const state = signal<CatalogueState>({ status: 'idle' });
  const caseId = signal<string | undefined>(undefined);
  const cases = computed(() => (state.value.status === 'ready' ? state.value.catalogue.cases : []));
  const groups = computed(() => groupCases(cases.value));
  const picked = computed(() => {
    const list = cases.value;
    return list.find((c) => c.id === caseId.value) ?? list[0];
  });
  const candidates = computed((): ReplayCandidate[] => {
    const s = state.value;
    const c = picked.value;
    return s.status === 'ready' && c ? [caseCandidate(c, s.catalogue)] : [];
  });
  return {
    state,
    groups,
    caseId,
    picked,
    candidates,
    open() {
      const now = state.peek().status;
      if (now === 'loading' || now === 'ready') return;
      state.value = { status: 'loading' };
      load().then(
        (catalogue) => (state.value = { status: 'ready', catalogue }),
        (err: unknown) => {
          const error = err instanceof Error ? err.message : String(err);
          state.value = { status: 'failed', error };
          notice.value = `Could not load the conformance cases: ${error}`;
        },
      );
    },
  };
}
