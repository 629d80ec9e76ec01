// The Replay section's state: what to replay (the session the panel shows — this tab's
// capture or an imported file — or a file loaded for replay only), how (ids, pacing, which
// URLs), and the armed replay the panel sent: which runs the app has taken (seen as
// replayed streams in this tab's capture, never forgotten once seen), Step progress, the
// app's requests beside the recorded ones, and whether it is still armed, expired or done.
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { PanelMessage, RelayMessage } from '../../bridge/messages.js';
import { DEFAULT_REPLAY_TTL_MS, REPLAY_LIMITS } from '../../bridge/replay-messages.js';
import type { SessionModel, StreamModel } from '../../core/model/types.js';
import type { Divergence, EditPreset, LineError, ReplayRun, StepTarget } from '../../core/replay/index.js';
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
import { pacingNote, previewText, replayTarget, type MatchChoice, type ReplayTarget } from './preview.js';

export type { Answered, MatchChoice, PacingName };

/** arming: sent, not yet confirmed by the tap; unconfirmed: no confirmation in time (no tap,
 * or the page navigated); armed: confirmed, waiting for the app; expired: nobody took it in
 * time; ended: disarmed, done or gone. */
export type ArmStatus = 'arming' | 'unconfirmed' | 'armed' | 'expired' | 'ended';

/** How long the panel waits for the tap's 'replay-armed' before saying the page did not confirm. */
export const ARM_ACK_MS = 5000;

/** The tab may hold the arm (or is about to): Disarm is offered and means something. */
export const isLiveArm = (s: ArmStatus): boolean => s === 'arming' || s === 'unconfirmed' || s === 'armed';

export interface ArmedReplay {
  readonly armId: string;
  /** When an untaken arm expires (it never does once the app took a run). */
  readonly expiresAt: number;
  readonly runs: readonly ReplayRun[];
  readonly step: boolean;
  readonly answered: readonly Answered[];
  /** Step mode: pieces delivered of the run being played. */
  readonly delivered: number;
  readonly status: ArmStatus;
  /** What the arm answers, in words ("/agent on any origin"). */
  readonly target: string;
}

export interface ReplayPreview {
  readonly text: string;
  readonly pacingNote?: string;
}

export interface ReplayStore {
  readonly source: Signal<'tab' | 'file'>;
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
  readonly armed: Signal<ArmedReplay | undefined>;
  /** A run of the armed replay is being answered now (its replayed stream is open). */
  readonly answering: ReadonlySignal<boolean>;
  readonly notice: Signal<string | undefined>;
  /** The Replay section is unfolded. */
  readonly setupOpen: Signal<boolean>;
  /** Bumped when "Replay this run into page" asks the form to take the focus. */
  readonly focusRequest: ReadonlySignal<number>;
  loadFile(name: string, bytes: Uint8Array): void;
  /** Choose the recorded run of `streamId` in the session shown (Replay this run). */
  chooseStream(streamId: string): boolean;
  /** A new session (Clear, Import): the choice of what to replay starts over. */
  resetSource(): void;
  startEditing(): void;
  preset(p: EditPreset): void;
  arm(): void;
  disarm(): void;
  /** Hide a bar whose replay is over (expired or ended). */
  dismiss(): void;
  step(target: StepTarget): void;
  cancel(): void;
  /** Relay traffic: a new top-level document has no armed replay any more. */
  onRelayMessage(msg: RelayMessage): void;
  /** The piece types of the run Step mode plays now (for "up to event N"). */
  stepTypes(): readonly string[];
  /** How each run the app took differed from the recorded request, by replayKey(armId, index). */
  divergenceLog(): ReadonlyMap<string, readonly Divergence[]>;
  dispose(): void;
}

export interface ReplayDeps {
  readonly core: PanelCore;
  readonly model: ReadonlySignal<SessionModel>;
  /** The panel's one stream lookup (PanelStore.findStream). */
  readonly findStream: (streamId: string) => StreamModel | undefined;
  /** The imported file the panel shows, if any (names the session's runs). */
  readonly importedName?: ReadonlySignal<string | undefined>;
  readonly send: (msg: PanelMessage) => void;
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => () => void;
  readonly ttlMs?: number;
}

/** Names one run of one armed replay (a stream's `replayed.armId` and `index`). */
export const replayKey = (armId: string, index: number): string => `${armId}#${index}`;

/** Keeps every run already seen taken: a Clear or eviction does not make the app un-take it. */
function mergeAnswered(seen: readonly Answered[], now: readonly Answered[]): Answered[] {
  const out = [...seen];
  for (const a of now) if (!out.some((s) => s.streamId === a.streamId)) out.push(a);
  return out;
}

export function createReplayStore(deps: ReplayDeps): ReplayStore {
  const source = signal<'tab' | 'file'>('tab');
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
  const armed = signal<ArmedReplay | undefined>(undefined);
  const notice = signal<string | undefined>(undefined);
  const setupOpen = signal(false);
  const focusRequest = signal(0);
  let stopTimer: (() => void) | undefined;
  let stopAckTimer: (() => void) | undefined;
  let armCounter = 0;
  let topDoc: string | undefined;
  // Kept after the bar is gone: a bug report says what diverged.
  const divergences = new Map<string, readonly Divergence[]>();

  const sessionName = computed(() => deps.importedName?.value ?? 'this tab');
  const candidates = computed(() =>
    source.value === 'file' && file.value
      ? replayCandidates(file.value.model, file.value.name)
      : replayCandidates(deps.model.value, sessionName.value),
  );
  const editErrors = computed(() => (editing.value ? parseEventLines(editText.value).errors : []));

  const chosenOf = (list: readonly ReplayCandidate[], sel: string | undefined, n: number): ReplayCandidate[] => {
    const at = list.findIndex((c) => c.streamId === sel);
    const from = at < 0 ? 0 : at;
    return list.slice(from, from + Math.max(1, Math.floor(n)));
  };
  const chosen = (): ReplayCandidate[] => chosenOf(candidates.peek(), selected.peek(), count.peek());
  const target = (first: ReplayCandidate | undefined): ReplayTarget =>
    replayTarget(first, match.peek(), pattern.peek());
  const preview = computed((): ReplayPreview => {
    const list = chosenOf(candidates.value, selected.value, count.value);
    const first = list[0];
    const t = replayTarget(first, match.value, pattern.value);
    const edited = editing.value ? ' (as edited below)' : '';
    // The plan walks every event of the stream: only for a setup on screen, not at each of a
    // live stream's updates behind a closed one (issue 46: seconds a frame under a flood).
    const note =
      first && setupOpen.value
        ? pacingNote(pacing.value, planFromStream(first.stream, first.source).chunks)
        : undefined;
    return { text: previewText(list, t).replace(/\.$/, `${edited}.`), ...(note ? { pacingNote: note } : {}) };
  });

  const answering = computed(() => {
    const last = armed.value?.answered.at(-1);
    if (!last) return false;
    const s = deps.findStream(last.streamId);
    return s !== undefined && s.end === undefined;
  });

  const stopClock = (): void => {
    stopTimer?.();
    stopTimer = undefined;
    stopAckTimer?.();
    stopAckTimer = undefined;
  };
  const end = (status: ArmStatus, message?: string): void => {
    stopClock();
    const a = armed.peek();
    if (a) armed.value = { ...a, status };
    if (message !== undefined) notice.value = message;
  };

  // The app takes the armed runs one request at a time: each shows up as a replayed stream.
  // An expired arm is watched too: a request the tab answered just before its expiry
  // reaches the panel just after, and the bar must then say what really happened.
  const watch = effect(() => {
    const m = deps.model.value;
    const a = armed.peek();
    if (!a || (a.status === 'ended' && a.answered.length === a.runs.length)) return;
    const answered = mergeAnswered(a.answered, answeredBy(m, a.armId, a.runs));
    if (answered.length === a.answered.length) return;
    for (const x of answered) divergences.set(replayKey(a.armId, x.index), x.divergences);
    // A taken run proves the arm, whatever the bar said before (an acknowledgement may lag).
    const revived = a.status === 'ended' ? 'ended' : 'armed';
    // Taken: the arm no longer expires; after its last run the tab has disarmed itself.
    stopClock();
    armed.value = {
      ...a,
      answered,
      delivered: 0,
      status: answered.length >= a.runs.length ? 'ended' : revived,
    };
    if (revived !== a.status) notice.value = undefined;
  });

  const resetSource = (): void => {
    source.value = 'tab';
    file.value = undefined;
    selected.value = undefined;
    count.value = 1;
    editing.value = false;
    editText.value = '';
  };

  return {
    source,
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
    armed,
    answering,
    notice,
    setupOpen,
    focusRequest,
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
    resetSource,
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
      const picked = chosen();
      const runs = buildPlans(picked, editing.peek() ? editText.peek() : undefined);
      if (!runs) {
        notice.value = 'Fix the marked lines first: nothing is sent while a line is invalid.';
        return;
      }
      if (runs.length === 0) {
        notice.value = 'Nothing to replay: pick a recorded run.';
        return;
      }
      const old = armed.peek();
      if (old && isLiveArm(old.status)) deps.send({ kind: 'replay-disarm', armId: old.armId });
      stopClock();
      const seconds = expirySeconds.peek();
      const ttlMs = Math.min(
        REPLAY_LIMITS.ttlMs,
        Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : (deps.ttlMs ?? DEFAULT_REPLAY_TTL_MS),
      );
      const armId = `arm${++armCounter}.${Math.floor(deps.now())}`;
      const p = pacingOf(pacing.peek(), factor.peek());
      const t = target(picked[0]);
      deps.send({
        kind: 'replay-arm',
        armId,
        ttlMs,
        pattern: t.pattern,
        path: t.path,
        rewriteIds: rewriteIds.peek(),
        step: p.kind === 'step',
        runs: runs.map((r, i) => wireRun(r, p, picked[i]?.recordedUrl)),
      });
      armed.value = {
        armId,
        expiresAt: deps.now() + ttlMs,
        runs,
        step: p.kind === 'step',
        answered: [],
        delivered: 0,
        status: 'arming',
        target: t.text,
      };
      stopTimer = deps.setTimer(() => {
        const a = armed.peek();
        // Expiry is for an arm nobody took: a run being answered lives until it ends.
        if (a?.armId === armId && isLiveArm(a.status) && a.answered.length === 0)
          end('expired', `The armed replay expired: no AG-UI request came within ${Math.round(ttlMs / 1000)} s.`);
      }, ttlMs);
      // The bar says "armed" only once the tap says so ('replay-armed', see onRelayMessage).
      stopAckTimer = deps.setTimer(() => {
        const a = armed.peek();
        if (a?.armId === armId && a.status === 'arming') armed.value = { ...a, status: 'unconfirmed' };
      }, ARM_ACK_MS);
      notice.value = undefined;
    },
    disarm() {
      const a = armed.peek();
      if (!a) return;
      if (isLiveArm(a.status)) deps.send({ kind: 'replay-disarm', armId: a.armId });
      stopClock();
      armed.value = undefined;
    },
    dismiss() {
      const a = armed.peek();
      if (a && !isLiveArm(a.status)) armed.value = undefined;
    },
    step(targetStep) {
      const a = armed.peek();
      if (!a || !a.step || a.answered.length === 0) return;
      const upTo = stepTo(this.stepTypes(), a.delivered, targetStep);
      deps.send({ kind: 'replay-release', armId: a.armId, upTo });
      armed.value = { ...a, delivered: upTo };
    },
    cancel() {
      const a = armed.peek();
      if (a) deps.send({ kind: 'replay-cancel', armId: a.armId });
    },
    onRelayMessage(msg) {
      if (msg.kind === 'replay-armed') {
        // Late is still true: a confirmation after "did not confirm" makes the bar say armed.
        const a = armed.peek();
        if (a?.armId === msg.armId && (a.status === 'arming' || a.status === 'unconfirmed'))
          armed.value = { ...a, status: 'armed' };
        return;
      }
      if (msg.kind !== 'navigated' || !msg.top || msg.docId === topDoc) return;
      // A relay replays its document's 'navigated' to every new connection: only a new id counts.
      const first = topDoc === undefined;
      topDoc = msg.docId;
      if (first || !armed.peek()) return;
      // The document took the arm and any run it was answering with it (the lane says "page navigated").
      stopClock();
      armed.value = undefined;
      notice.value = 'The page navigated: the armed replay went with it.';
    },
    stepTypes() {
      const a = armed.peek();
      const run = a?.runs[a.answered.at(-1)?.index ?? -1];
      return run ? pieceTypes(run) : [];
    },
    divergenceLog: () => divergences,
    dispose() {
      watch();
      stopClock();
    },
  };
}
