// The armed replay's lifecycle on the panel's side: sending the arm to the tab, its two
// timers, what the relay says of it (the tap's confirmation, a new document that took it
// away), Step mode's releases, and disarming. Which transitions are allowed is
// ./arm-state.ts; what to arm comes from the form (./replay-form.ts).
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { PanelMessage, RelayMessage } from '../../bridge/messages.js';
import type { SessionModel, StreamModel } from '../../core/model/types.js';
import type { Divergence, Pacing, ReplayRun, StepTarget } from '../../core/replay/index.js';
import { pieceTypes, stepTo } from '../core-deps.js';
import { createArmClock } from './arm-clock.js';
import {
  ARM_ACK_MS,
  confirmed,
  expires,
  isLiveArm,
  unconfirmed,
  type ArmedReplay,
  type ArmStatus,
  type DivergenceLog,
} from './arm-state.js';
import { pathsTarget } from './arm-miss.js';
import { watchTakenRuns } from './arm-watch.js';
import type { ReplayTarget } from './preview.js';
import { wireRun } from './wire.js';

/** What to arm, as the form describes it. */
export interface ArmRequest {
  readonly runs: readonly ReplayRun[];
  /** The URL each run was recorded from, by index. */
  readonly recordedUrls: readonly (string | undefined)[];
  readonly ttlMs: number;
  readonly pacing: Pacing;
  readonly target: ReplayTarget;
  readonly rewriteIds: boolean;
}

export interface ArmControl {
  readonly armed: Signal<ArmedReplay | undefined>;
  /** A run of the armed replay is being answered now (its replayed stream is open). */
  readonly answering: ReadonlySignal<boolean>;
  arm(request: ArmRequest): void;
  disarm(): void;
  /** Hide a bar whose replay is over (expired or ended). */
  dismiss(): void;
  step(target: StepTarget): void;
  cancel(): void;
  /** Answer requests to `path` too: the tab widens the armed match, the bar forgets the missed request. */
  answerToo(path: string): void;
  /** Relay traffic: the tap's confirmation; a new top-level document has no armed replay any more. */
  onRelayMessage(msg: RelayMessage): void;
  /** The piece types of the run Step mode plays now (for "up to event N"). */
  stepTypes(): readonly string[];
  /** How each run the app took differed from the recorded request, by replayKey(armId, index). */
  divergenceLog(): ReadonlyMap<string, readonly Divergence[]>;
  dispose(): void;
}

export interface ArmControlDeps {
  readonly model: ReadonlySignal<SessionModel>;
  readonly findStream: (streamId: string) => StreamModel | undefined;
  readonly send: (msg: PanelMessage) => void;
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => () => void;
  readonly notice: Signal<string | undefined>;
}

export function createArmControl(deps: ArmControlDeps): ArmControl {
  const { notice } = deps;
  const armed = signal<ArmedReplay | undefined>(undefined);
  const clock = createArmClock(deps.setTimer);
  const divergences: DivergenceLog = new Map();
  let armCounter = 0;
  // The top-level document the relay last named: a replayed 'navigated' for it is no news.
  let topDoc: string | undefined;

  const answering = computed(() => {
    const last = armed.value?.answered.at(-1);
    if (!last) return false;
    const s = deps.findStream(last.streamId);
    return s !== undefined && s.end === undefined;
  });

  const end = (status: ArmStatus, message: string): void => {
    clock.stop();
    const a = armed.peek();
    if (a) armed.value = { ...a, status };
    notice.value = message;
  };
  /** Applies a transition of the current arm, when it allows one. */
  const move = (next: (a: ArmedReplay) => ArmedReplay | undefined): void => {
    const a = armed.peek();
    const moved = a && next(a);
    if (moved) armed.value = moved;
  };

  /** The tab now answers `also` beside the recorded path (its confirmation of "Answer … too"). */
  const widen = (armId: string, t: number, also: readonly string[]): void => {
    const a = armed.peek();
    if (!a || a.armId !== armId || !isLiveArm(a.status)) return;
    const added = also.filter((p) => !a.also.includes(p));
    const base = confirmed(a, armId, t) ?? a;
    armed.value = { ...base, also: [...also], target: pathsTarget([a.path, ...also]) };
    if (added.length > 0)
      notice.value = `The armed replay answers ${added.join(' and ')} too: the app's next run request to it gets the recording.`;
  };

  const stopWatch = watchTakenRuns({ model: deps.model, armed, notice, divergences, stopClock: clock.stop });

  const stepTypes = (): readonly string[] => {
    const a = armed.peek();
    const run = a?.runs[a.answered.at(-1)?.index ?? -1];
    return run ? pieceTypes(run) : [];
  };

  return {
    armed,
    answering,
    arm(request) {
      const old = armed.peek();
      if (old && isLiveArm(old.status)) deps.send({ kind: 'replay-disarm', armId: old.armId });
      clock.stop();
      const { ttlMs, pacing, target } = request;
      const armId = `arm${++armCounter}.${Math.floor(deps.now())}`;
      const step = pacing.kind === 'step';
      deps.send({
        kind: 'replay-arm',
        armId,
        ttlMs,
        pattern: target.pattern,
        path: target.path,
        rewriteIds: request.rewriteIds,
        step,
        runs: request.runs.map((r, i) => wireRun(r, pacing, request.recordedUrls[i])),
      });
      armed.value = {
        armId,
        expiresAt: deps.now() + ttlMs,
        runs: request.runs,
        step,
        answered: [],
        delivered: 0,
        status: 'arming',
        target: target.text,
        path: target.path,
        also: [],
      };
      clock.start(
        {
          ms: ttlMs,
          fire: () => {
            const a = armed.peek();
            if (a && expires(a, armId))
              end('expired', `The armed replay expired: no AG-UI request came within ${Math.round(ttlMs / 1000)} s.`);
          },
        },
        // The bar says "armed" only once the tap says so ('replay-armed', see onRelayMessage).
        { ms: ARM_ACK_MS, fire: () => move((a) => unconfirmed(a, armId)) },
      );
      notice.value = undefined;
    },
    disarm() {
      const a = armed.peek();
      if (!a) return;
      if (isLiveArm(a.status)) deps.send({ kind: 'replay-disarm', armId: a.armId });
      clock.stop();
      armed.value = undefined;
    },
    dismiss() {
      const a = armed.peek();
      if (a && !isLiveArm(a.status)) armed.value = undefined;
    },
    step(targetStep) {
      const a = armed.peek();
      if (!a || !a.step || a.answered.length === 0) return;
      const upTo = stepTo(stepTypes(), a.delivered, targetStep);
      deps.send({ kind: 'replay-release', armId: a.armId, upTo });
      armed.value = { ...a, delivered: upTo };
    },
    cancel() {
      const a = armed.peek();
      if (a) deps.send({ kind: 'replay-cancel', armId: a.armId });
    },
    onRelayMessage(msg) {
      if (msg.kind === 'replay-armed' && msg.also) return widen(msg.armId, msg.t, msg.also);
      if (msg.kind === 'replay-armed') return move((a) => confirmed(a, msg.armId, msg.t));
      if (msg.kind !== 'navigated' || !msg.top || msg.docId === topDoc) return;
      // A relay replays its document's 'navigated' to every new connection: only a new id counts.
      const first = topDoc === undefined;
      topDoc = msg.docId;
      if (first || !armed.peek()) return;
      // The document took the arm and any run it was answering with it (the lane says "page navigated").
      clock.stop();
      armed.value = undefined;
      notice.value = 'The page navigated: the armed replay went with it.';
    },
    answerToo(path) {
      const a = armed.peek();
      if (!a || !isLiveArm(a.status) || a.path === '' || a.path === path || a.also.includes(path)) return;
      deps.send({ kind: 'replay-also', armId: a.armId, path });
      const { missed: _, ...rest } = a;
      armed.value = rest;
      // The bar widens when the tab confirms it (a 'replay-armed' with `also`): a run request
      // the app sends before that still goes to the network.
      notice.value = `Asking the page to answer ${path} too…`;
    },
    stepTypes,
    divergenceLog: () => divergences,
    dispose() {
      stopWatch();
      clock.stop();
    },
  };
}
