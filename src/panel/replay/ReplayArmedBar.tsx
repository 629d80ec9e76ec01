import { useEffect, useState } from 'preact/hooks';
import { isLiveArm, type ArmedReplay, type ArmStatus } from './arm-state.js';
import type { ReplayStore } from './replay-store.js';
import { ReplayDivergence } from './ReplayDivergence.js';
import { ReplayMissed } from './ReplayMissed.js';
import { ReplayStepControls } from './ReplayStepControls.js';

function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The bar's one line: what the tab does now, from what the tab did (never from hope). */
function statusLine(a: ArmedReplay, answering: boolean, now: number): string {
  const taken = a.answered.length;
  const of = `${taken} of ${a.runs.length} taken`;
  const next = a.runs[taken];
  // "Armed" and the taken count only once the tap confirmed the arm: before, a request would go to the network.
  if (a.status === 'arming') return `Arming in the page… (${a.runs.length} run(s) to ${a.target})`;
  if (a.status === 'unconfirmed') return 'The page did not confirm the replay: reload it and arm again.';
  if (a.status === 'expired') return `Expired (${of}): no AG-UI request of this tab came in time; the tab is disarmed.`;
  const playing = answering ? ` · answering run ${taken} now` : '';
  if (a.status === 'ended' || taken >= a.runs.length)
    return `${taken >= a.runs.length ? `All ${a.runs.length} recorded run(s) replayed` : 'Ended'} (${of}) · disarmed${playing}`;
  const expiry = taken === 0 ? ` · expires in ${countdown(a.expiresAt - now)} unless taken` : '';
  return `Armed: the next AG-UI request of this tab to ${a.target} gets ${next?.source ?? 'the recording'} (${of})${playing}${expiry}`;
}

const BADGES: Readonly<Record<ArmStatus, string>> = {
  arming: 'arming',
  unconfirmed: 'not confirmed',
  armed: 'armed',
  expired: 'expired',
  ended: 'replayed',
};

/** Always visible while a replay is armed or playing: what the tab does, Step, Disarm. */
export function ReplayArmedBar({ replay }: { readonly replay: ReplayStore }) {
  const a = replay.armed.value;
  const answering = replay.answering.value;
  const [now, setNow] = useState(() => Date.now());
  const ticking = a?.status === 'armed' && a.answered.length === 0;
  useEffect(() => {
    if (!ticking) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [a?.armId, ticking]);
  if (!a) return null;
  return (
    <div class="replay-armed" role="region" aria-label="Armed replay">
      <div class="replay-armed-line">
        <span class={`badge replayed ${a.status}`}>{BADGES[a.status]}</span>
        <span role="status">{statusLine(a, answering, now)}</span>
        {isLiveArm(a.status) ? (
          <button
            type="button"
            onClick={() => replay.disarm()}
            title="The tab's next AG-UI request goes to the network"
          >
            Disarm
          </button>
        ) : (
          !answering && (
            <button type="button" onClick={() => replay.dismiss()}>
              Done
            </button>
          )
        )}
      </div>
      {isLiveArm(a.status) && <ReplayMissed replay={replay} armed={a} />}
      {a.step && answering && <ReplayStepControls replay={replay} />}
      {a.answered.map((ans) => (
        <ReplayDivergence key={ans.streamId} answered={ans} />
      ))}
    </div>
  );
}
