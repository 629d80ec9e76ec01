import { useState } from 'preact/hooks';
import type { ReplayStore } from './replay-store.js';

/** Edits before replay: the first run's events as JSON lines, validated per line, with presets. */
export function ReplayEditor({ replay }: { readonly replay: ReplayStore }) {
  const [n, setN] = useState('1');
  const errors = replay.editErrors.value;
  if (!replay.editing.value)
    return (
      <button type="button" onClick={() => replay.startEditing()}>
        Edit events before replay
      </button>
    );
  const at = Number(n);
  return (
    <fieldset class="replay-editor">
      <legend>Events (one JSON object per line)</legend>
      <textarea
        aria-label="Events to replay"
        aria-invalid={errors.length > 0}
        rows={10}
        spellcheck={false}
        value={replay.editText.value}
        onInput={(e) => (replay.editText.value = (e.currentTarget as HTMLTextAreaElement).value)}
      />
      {errors.length > 0 && (
        <ul class="replay-errors" aria-label="Invalid lines">
          {errors.slice(0, 20).map((err) => (
            <li key={err.line}>{`line ${err.line}: ${err.message}`}</li>
          ))}
        </ul>
      )}
      <div role="group" aria-label="Presets">
        <label>
          Event{' '}
          <input
            type="number"
            min={1}
            value={n}
            size={5}
            onInput={(e) => setN((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <button type="button" onClick={() => replay.preset({ kind: 'cut-after', n: at })}>
          Cut off after it
        </button>
        <button type="button" onClick={() => replay.preset({ kind: 'drop', n: at })}>
          Drop it
        </button>
        <button type="button" onClick={() => replay.preset({ kind: 'duplicate', n: at })}>
          Duplicate it
        </button>
        <button type="button" onClick={() => replay.preset({ kind: 'rename-reopen' })}>
          Rename the reopening start
        </button>
        <button type="button" onClick={() => (replay.editing.value = false)}>
          Discard edits
        </button>
      </div>
    </fieldset>
  );
}
