// The Replay section's state: what to replay (this tab's capture or a file loaded for
// replay only), how (ids, pacing, URL pattern, edits), and the armed replay the panel
// sent: its expiry, which runs the app has already taken (seen as replayed streams in
// this tab's capture), Step progress, and the app's requests beside the recorded ones.
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { PanelMessage, RelayMessage } from '../../bridge/messages.js';
import { DEFAULT_REPLAY_TTL_MS } from '../../bridge/replay-messages.js';
import type { SessionModel } from '../../core/model/types.js';
import type { EditPreset, LineError, ReplayRun, StepTarget } from '../../core/replay/index.js';
import {
  applyPreset,
  eventLines,
  parseEventLines,
  pieceTypes,
  planFromStream,
  stepTo,
  type PanelCore,
} from '../core-deps.js';
import { replayCandidates, type ReplayCandidate } from './sources.js';
import { wireRun } from './wire.js';
import { answeredBy, buildPlans, pacingOf, type Answered, type PacingName } from './plans.js';

export type { Answered, PacingName };

export interface ArmedReplay {
  readonly armId: string;
  readonly expiresAt: number;
  readonly runs: readonly ReplayRun[];
  readonly step: boolean;
  readonly answered: readonly Answered[];
  /** Step mode: pieces delivered of the run being played. */
  readonly delivered: number;
}

export interface ReplayStore {
  readonly source: Signal<'tab' | 'file'>;
  readonly file: Signal<{ readonly name: string; readonly model: SessionModel } | undefined>;
  readonly candidates: ReadonlySignal<readonly ReplayCandidate[]>;
  readonly selected: Signal<string | undefined>;
  readonly count: Signal<number>;
  readonly rewriteIds: Signal<boolean>;
  readonly pacing: Signal<PacingName>;
  readonly factor: Signal<number>;
  readonly pattern: Signal<string>;
  readonly editing: Signal<boolean>;
  readonly editText: Signal<string>;
  readonly editErrors: ReadonlySignal<readonly LineError[]>;
  readonly armed: Signal<ArmedReplay | undefined>;
  readonly notice: Signal<string | undefined>;
  loadFile(name: string, bytes: Uint8Array): void;
  startEditing(): void;
  preset(p: EditPreset): void;
  arm(): void;
  disarm(): void;
  step(target: StepTarget): void;
  cancel(): void;
  /** Relay traffic: a new top-level document has no armed replay any more. */
  onRelayMessage(msg: RelayMessage): void;
  /** The piece types of the run Step mode plays now (for "up to event N"). */
  stepTypes(): readonly string[];
  dispose(): void;
}

export interface ReplayDeps {
  readonly core: PanelCore;
  readonly model: ReadonlySignal<SessionModel>;
  readonly send: (msg: PanelMessage) => void;
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => () => void;
  readonly ttlMs?: number;
}

export function createReplayStore(deps: ReplayDeps): ReplayStore {
  const source = signal<'tab' | 'file'>('tab');
  const file = signal<{ name: string; model: SessionModel } | undefined>(undefined);
  const selected = signal<string | undefined>(undefined);
  const count = signal(1);
  const rewriteIds = signal(true);
  const pacing = signal<PacingName>('recorded');
  const factor = signal(2);
  const pattern = signal('');
  const editing = signal(false);
  const editText = signal('');
  const armed = signal<ArmedReplay | undefined>(undefined);
  const notice = signal<string | undefined>(undefined);
  let stopTimer: (() => void) | undefined;
  let armCounter = 0;
  let topDoc: string | undefined;

  const candidates = computed(() =>
    source.value === 'file' && file.value
      ? replayCandidates(file.value.model, file.value.name)
      : replayCandidates(deps.model.value, 'this tab'),
  );
  const editErrors = computed(() => (editing.value ? parseEventLines(editText.value).errors : []));

  const chosen = (): ReplayCandidate[] => {
    const list = candidates.peek();
    const at = list.findIndex((c) => c.streamId === selected.peek());
    const from = at < 0 ? 0 : at;
    return list.slice(from, from + Math.max(1, Math.floor(count.peek())));
  };
  const plans = (): ReplayRun[] | undefined => buildPlans(chosen(), editing.peek() ? editText.peek() : undefined);

  const clearArmed = (): void => {
    stopTimer?.();
    stopTimer = undefined;
    armed.value = undefined;
  };

  // The app takes the armed runs one request at a time: each shows up as a replayed stream.
  const watch = effect(() => {
    const m = deps.model.value;
    const a = armed.peek();
    if (!a) return;
    const answered = answeredBy(m, a.armId, a.runs);
    if (answered.length === a.answered.length) return;
    armed.value = { ...a, answered, delivered: 0 };
  });

  return {
    source,
    file,
    candidates,
    selected,
    count,
    rewriteIds,
    pacing,
    factor,
    pattern,
    editing,
    editText,
    editErrors,
    armed,
    notice,
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
      notice.value = `Loaded ${name} for replay: ${r.captures.length} recorded response(s)`;
    },
    startEditing() {
      const first = chosen()[0];
      if (!first) return;
      editText.value = eventLines(planFromStream(first.stream, 'edit'))
        .map((l) => l.text)
        .join('\n');
      editing.value = true;
    },
    preset(p) {
      const r = applyPreset(editText.peek(), p);
      if ('error' in r) notice.value = r.error;
      else editText.value = r.text;
    },
    arm() {
      const runs = plans();
      if (!runs) {
        notice.value = 'Fix the marked lines first: nothing is sent while a line is invalid.';
        return;
      }
      if (runs.length === 0) {
        notice.value = 'Nothing to replay: pick a recorded run.';
        return;
      }
      const old = armed.peek();
      if (old) deps.send({ kind: 'replay-disarm', armId: old.armId });
      clearArmed();
      const ttlMs = deps.ttlMs ?? DEFAULT_REPLAY_TTL_MS;
      const armId = `arm${++armCounter}.${Math.floor(deps.now())}`;
      const p = pacingOf(pacing.peek(), factor.peek());
      deps.send({
        kind: 'replay-arm',
        armId,
        ttlMs,
        pattern: pattern.peek().trim(),
        rewriteIds: rewriteIds.peek(),
        step: p.kind === 'step',
        runs: runs.map((r) => wireRun(r, p)),
      });
      armed.value = { armId, expiresAt: deps.now() + ttlMs, runs, step: p.kind === 'step', answered: [], delivered: 0 };
      stopTimer = deps.setTimer(() => {
        if (armed.peek()?.armId === armId) {
          armed.value = undefined;
          notice.value = 'The armed replay expired.';
        }
      }, ttlMs);
      notice.value = undefined;
    },
    disarm() {
      const a = armed.peek();
      if (a) deps.send({ kind: 'replay-disarm', armId: a.armId });
      clearArmed();
    },
    step(target) {
      const a = armed.peek();
      if (!a || !a.step || a.answered.length === 0) return;
      const upTo = stepTo(this.stepTypes(), a.delivered, target);
      deps.send({ kind: 'replay-release', armId: a.armId, upTo });
      armed.value = { ...a, delivered: upTo };
    },
    cancel() {
      const a = armed.peek();
      if (a) deps.send({ kind: 'replay-cancel', armId: a.armId });
    },
    onRelayMessage(msg) {
      if (msg.kind !== 'navigated' || !msg.top || msg.docId === topDoc) return;
      // A relay replays its document's 'navigated' to every new connection: only a new id counts.
      const first = topDoc === undefined;
      topDoc = msg.docId;
      if (first || !armed.peek()) return;
      clearArmed();
      notice.value = 'The page navigated: the armed replay went with it.';
    },
    stepTypes() {
      const a = armed.peek();
      const run = a?.runs[a.answered.at(-1)?.index ?? -1];
      return run ? pieceTypes(run) : [];
    },
    dispose() {
      watch();
      stopTimer?.();
    },
  };
}
