// The Replay section's state: the form that says what to replay and how (./replay-form.ts)
// and the armed replay the panel sent (./arm-control.ts: which runs the app has taken, seen
// as replayed streams in this tab's capture and never forgotten once seen, Step progress,
// the app's requests beside the recorded ones, and whether it is still armed, expired or
// done). This file joins them: arming turns the form's choice into an arm request.
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { PanelMessage } from '../../bridge/messages.js';
import { DEFAULT_REPLAY_TTL_MS, REPLAY_LIMITS } from '../../bridge/replay-messages.js';
import type { SessionModel, StreamModel } from '../../core/model/types.js';
import type { PanelCore } from '../core-deps.js';
import { createArmControl, type ArmControl } from './arm-control.js';
import { buildPlans, pacingOf, type Answered, type PacingName } from './plans.js';
import type { MatchChoice } from './preview.js';
import { createReplayForm, type ReplayForm } from './replay-form.js';

export type { Answered, MatchChoice, PacingName };

export interface ReplayStore extends ReplayForm, Omit<ArmControl, 'arm'> {
  readonly notice: Signal<string | undefined>;
  /** Arms the form's choice, or says in the notice why nothing was sent. */
  arm(): void;
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

export function createReplayStore(deps: ReplayDeps): ReplayStore {
  const notice = signal<string | undefined>(undefined);
  const { chosen, target, ...form } = createReplayForm({ ...deps, notice });
  const control = createArmControl({ ...deps, notice });

  /** The expiry asked for, within the tap's limit (the default when the field makes no sense). */
  const ttlMs = (): number => {
    const seconds = form.expirySeconds.peek();
    const asked = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : (deps.ttlMs ?? DEFAULT_REPLAY_TTL_MS);
    return Math.min(REPLAY_LIMITS.ttlMs, asked);
  };

  return {
    ...form,
    ...control,
    notice,
    arm() {
      const picked = chosen();
      const runs = buildPlans(picked, form.editing.peek() ? form.editText.peek() : undefined);
      if (!runs) {
        notice.value = 'Fix the marked lines first: nothing is sent while a line is invalid.';
        return;
      }
      if (runs.length === 0) {
        notice.value = 'Nothing to replay: pick a recorded run.';
        return;
      }
      control.arm({
        runs,
        recordedUrls: picked.map((c) => c.recordedUrl),
        ttlMs: ttlMs(),
        pacing: pacingOf(form.pacing.peek(), form.factor.peek()),
        target: target(picked[0]),
        rewriteIds: form.rewriteIds.peek(),
      });
    },
  };
}
