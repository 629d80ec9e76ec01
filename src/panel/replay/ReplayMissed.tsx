import { missedText, pathToAdd } from './arm-miss.js';
import type { ArmedReplay } from './arm-state.js';
import type { ReplayStore } from './replay-store.js';

/** A run request the armed replay let go to the network, and the one click that answers its path too. */
export function ReplayMissed({ replay, armed }: { readonly replay: ReplayStore; readonly armed: ArmedReplay }) {
  const m = armed.missed;
  if (!m) return null;
  const add = pathToAdd(m, armed);
  return (
    <p class="replay-missed" role="status" aria-label="Run request not answered">
      {missedText(m, armed)}{' '}
      {add !== undefined && (
        <button type="button" onClick={() => replay.answerToo(add)}>
          {`Answer ${add} too`}
        </button>
      )}
    </p>
  );
}
