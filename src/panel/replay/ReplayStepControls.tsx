import { useState } from 'preact/hooks';
import type { ReplayStore } from './replay-store.js';

/** Step mode: the replayed stream is open and waits for these. */
export function ReplayStepControls({ replay }: { readonly replay: ReplayStore }) {
  const [n, setN] = useState('');
  const a = replay.armed.value;
  if (!a) return null;
  const total = replay.stepTypes().length;
  const next = replay.stepTypes()[a.delivered];
  const done = a.delivered >= total;
  return (
    <div class="replay-step" role="group" aria-label="Step controls">
      <span role="status" aria-live="polite">
        {`Step: ${a.delivered} of ${total} events delivered${done ? '' : `; next: ${next || '(tail)'}`}`}
      </span>
      <button type="button" disabled={done} onClick={() => replay.step({ kind: 'event' })}>
        Next event
      </button>
      <button type="button" disabled={done} onClick={() => replay.step({ kind: 'delta' })}>
        Next delta
      </button>
      <button type="button" disabled={done} onClick={() => replay.step({ kind: 'tool-boundary' })}>
        To next tool-call boundary
      </button>
      <label>
        Up to event{' '}
        <input
          type="number"
          min={1}
          max={total}
          value={n}
          size={5}
          onInput={(e) => setN((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button type="button" disabled={done || n === ''} onClick={() => replay.step({ kind: 'upto', n: Number(n) })}>
        Go
      </button>
      <button
        type="button"
        disabled={done}
        onClick={() => replay.cancel()}
        title="Ends the stream as a server disconnect would"
      >
        Cancel
      </button>
    </div>
  );
}
