import { useEffect, useState } from 'preact/hooks';
import type { ReplayStore } from './replay-store.js';
import { ReplayDivergence } from './ReplayDivergence.js';
import { ReplayStepControls } from './ReplayStepControls.js';

function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Always visible while a replay is armed: what the next request gets, the expiry, Disarm. */
export function ReplayArmedBar({ replay }: { readonly replay: ReplayStore }) {
  const a = replay.armed.value;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!a) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [a?.armId]);
  if (!a) return null;
  const taken = a.answered.length;
  const left = a.runs.length - taken;
  const next = a.runs[taken];
  return (
    <div class="replay-armed" role="region" aria-label="Armed replay">
      <div class="replay-armed-line">
        <span class="badge replayed">{left > 0 ? 'armed' : 'replayed'}</span>
        <span role="status">
          {left > 0
            ? `The next AG-UI request of this tab gets ${next?.source ?? 'the recording'} (${taken} of ${a.runs.length} taken) · expires in ${countdown(a.expiresAt - now)}`
            : `All ${a.runs.length} recorded run(s) replayed.`}
        </span>
        <button type="button" onClick={() => replay.disarm()}>
          {left > 0 ? 'Disarm' : 'Done'}
        </button>
      </div>
      {a.step && taken > 0 && <ReplayStepControls replay={replay} />}
      {a.answered.map((ans) => (
        <ReplayDivergence key={ans.streamId} answered={ans} />
      ))}
    </div>
  );
}
