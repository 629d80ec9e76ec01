// The Replay section's form: what to replay (the session the panel shows — this tab's capture
// or an imported file — or a file loaded for replay only), how (ids, pacing, expiry, which
// URLs), the event editor, and the preview of what arming would send. Nothing here talks to
// the tab: ./replay-store.ts arms what the form describes.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { DEFAULT_REPLAY_TTL_MS } from '../../bridge/replay-messages.js';
import type { SessionModel } from '../../core/model/types.js';
import type { EditPreset, LineError } from '../../core/replay/index.js';
import { applyPreset, eventLines, parseEventLines, type PanelCore } from '../core-deps.js';
import { createCasePicker, type CasePicker } from './case-source.js';
import { replayCandidates, type ReplayCandidate } from './sources.js';
import type { PacingName } from './plans.js';
import { pacingNote, previewText, replayTarget, type MatchChoice, type ReplayTarget } from './preview.js';

export interface ReplayPreview {
  readonly text: string;
  readonly pacingNote?: string;
}

/** This tab's capture (or the imported session), a file loaded for replay only, or a conformance case. */
export type ReplaySourceKind = 'tab' | 'file' | 'case';

export interface ReplayForm {
  readonly source: Signal<ReplaySourceKind>;
  /** "Recording: a conformance case…": the catalogue, loaded when first opened. */
  readonly cases: CasePicker;
  readonly file: Signal<{ readonly name: string; readonly model: SessionModel } | undefined>;
  /** The name the session shown goes by: the imported file's, or "this tab". */
  readonly sessionName: ReadonlySignal<string>;
  readonly candidates: ReadonlySignal<readonly ReplayCandidate[]>;
  readonly selected: Signal<string | undefined>;
  readonly count: Signal<number>;
  readonly rewriteIds: Signal<boolean>;
  readonly pacing: Signal<PacingName>;
  readonly factor: Signal<number>;
  readonly match: Signal<MatchChoice>;
  readonly pattern: Signal<string>;
  /** How long an untaken arm waits for the app's request, in seconds. */
  readonly expirySeconds: Signal<number>;
  readonly editing: Signal<boolean>;
  readonly editText: Signal<string>;
  readonly editErrors: ReadonlySignal<readonly LineError[]>;
  /** What will be replayed, and where, before arming. */
  readonly preview: ReadonlySignal<ReplayPreview>;
  /** The Replay section is unfolded. */
  readonly setupOpen: Signal<boolean>;
  /** Bumped when "Replay this run into page" asks the form to take the focus. */
  readonly focusRequest: ReadonlySignal<number>;
  loadFile(name: string, bytes: Uint8Array): void;
  /** Replay a conformance case: shows the picker, loading the catalogue the first time. */
  chooseCases(): void;
  /** Choose the recorded run of `streamId` in the session shown (Replay this run). */
  chooseStream(streamId: string): boolean;
  /** A new session (Clear, Import): the choice of what to replay starts over. */
  resetSource(): void;
  startEditing(): void;
  preset(p: EditPreset): void;
}

export interface ReplayFormDeps {
  readonly core: PanelCore;
  readonly model: ReadonlySignal<SessionModel>;
  readonly importedName?: ReadonlySignal<string | undefined>;
  readonly ttlMs?: number;
  /** Where the form's messages go (the section's notice line). */
  readonly notice: Signal<string | undefined>;
}

/** The form, plus what arming reads of it now (never subscribing). */
export interface ReplayFormState extends ReplayForm {
  /** The recorded runs that would be sent, first the selected one. */
  chosen(): ReplayCandidate[];
  /** The requests the arm would answer, for the first of them. */
  target(first: ReplayCandidate | undefined): ReplayTarget;
}

function chosenOf(list: readonly ReplayCandidate[], selected: string | undefined, count: number): ReplayCandidate[] {
  const at = list.findIndex((c) => c.streamId === selected);
  const from = at < 0 ? 0 : at;
  return list.slice(from, from + Math.max(1, Math.floor(count)));
}

export function createReplayForm(deps: ReplayFormDeps): ReplayFormState {
  const { notice } = deps;
  const source = signal<ReplaySourceKind>('tab');
  const cases = createCasePicker(deps.core.loadCaseCatalogue, notice);
  const file = signal<{ name: string; model: SessionModel } | undefined>(undefined);
  const selected = signal<string | undefined>(undefined);
  const count = signal(1);
  const rewriteIds = signal(true);
  const pacing = signal<PacingName>('recorded');
  const factor = signal(2);
  const match = signal<MatchChoice>('path');
  const pattern = signal('');
  const expirySeconds = signal(Math.round((deps.ttlMs ?? DEFAULT_REPLAY_TTL_MS) / 1000));
  const editing = signal(false);
  const editText = signal('');
  const setupOpen = signal(false);
  const focusRequest = signal(0);

  const sessionName = computed(() => deps.importedName?.value ?? 'this tab');
  const candidates = computed((): readonly ReplayCandidate[] => {
    if (source.value === 'case') return cases.candidates.value;
    return source.value === 'file' && file.value
      ? replayCandidates(file.value.model, file.value.name)
      : replayCandidates(deps.model.value, sessionName.value);
  });
  const editErrors = computed(() => (editing.value ? parseEventLines(editText.value).errors : []));
  const preview = computed((): ReplayPreview => {
    const list = chosenOf(candidates.value, selected.value, count.value);
    const first = list[0];
    const t = replayTarget(first, match.value, pattern.value);
    const edited = editing.value ? ' (as edited below)' : '';
    // The plan walks every event of the stream: only for a setup on screen, not at each of a
    // live stream's updates behind a closed one (issue 46: seconds a frame under a flood).
    const note = first && setupOpen.value ? pacingNote(pacing.value, first.plan().chunks) : undefined;
    return { text: previewText(list, t).replace(/\.$/, `${edited}.`), ...(note ? { pacingNote: note } : {}) };
  });
  const chosen = (): ReplayCandidate[] => chosenOf(candidates.peek(), selected.peek(), count.peek());

  return {
    source,
    cases,
    file,
    sessionName,
    candidates,
    selected,
    count,
    rewriteIds,
    pacing,
    factor,
    match,
    pattern,
    expirySeconds,
    editing,
    editText,
    editErrors,
    preview,
    setupOpen,
    focusRequest,
    chosen,
    target: (first) => replayTarget(first, match.peek(), pattern.peek()),
    loadFile(name, bytes) {
      const r = deps.core.loadFile(name, bytes);
      if (!r.ok) {
        notice.value = `Could not load ${name}: ${r.error}`;
        return;
      }
      const ins = deps.core.createInspector();
      deps.core.feedCaptures(ins, r.captures);
      file.value = { name, model: ins.model };
      source.value = 'file';
      selected.value = undefined;
      editing.value = false;
      notice.value = `Loaded ${name} for replay: ${r.captures.length} recorded response(s)`;
    },
    chooseCases() {
      source.value = 'case';
      editing.value = false;
      cases.open();
    },
    chooseStream(streamId) {
      const list = replayCandidates(deps.model.peek(), sessionName.peek());
      if (!list.some((c) => c.streamId === streamId)) return false;
      source.value = 'tab';
      selected.value = streamId;
      count.value = 1;
      editing.value = false;
      setupOpen.value = true;
      focusRequest.value++;
      return true;
    },
    resetSource() {
      source.value = 'tab';
      file.value = undefined;
      selected.value = undefined;
      count.value = 1;
      editing.value = false;
      editText.value = '';
    },
    startEditing() {
      const first = chosen()[0];
      if (!first) return;
      editText.value = eventLines(first.plan())
        .map((l) => l.text)
        .join('\n');
      editing.value = true;
    },
    preset(p) {
      const r = applyPreset(editText.peek(), p);
      if ('error' in r) notice.value = r.error;
      else editText.value = r.text;
    },
  };
}
