import { readFileBytes } from '../io/read-file.js';
import { usePanel } from '../store-context.js';
import { ReplayArmedBar } from './ReplayArmedBar.js';
import { ReplayEditor } from './ReplayEditor.js';
import type { PacingName, ReplayStore } from './replay-store.js';

/** Replay a recorded run into this tab: source, ids, pacing, URL pattern, edits, arm. */
export function ReplaySection() {
  const { store } = usePanel();
  const replay = store.replay;
  if (!replay) return null;
  return (
    <div class="replay">
      <ReplayArmedBar replay={replay} />
      {replay.notice.value && (
        <p class="replay-notice" role="status" aria-label="Replay notice">
          {replay.notice.value}
        </p>
      )}
      <details class="replay-setup">
        <summary>Replay</summary>
        <ReplayForm replay={replay} />
      </details>
    </div>
  );
}

function ReplayForm({ replay }: { readonly replay: ReplayStore }) {
  const list = replay.candidates.value;
  const file = replay.file.value;
  const value = (e: Event): string => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;
  return (
    <form
      class="replay-form"
      aria-label="Replay setup"
      onSubmit={(e) => {
        e.preventDefault();
        replay.arm();
      }}
    >
      <fieldset>
        <legend>Recording</legend>
        <label>
          <input
            type="radio"
            name="replay-source"
            checked={replay.source.value === 'tab'}
            onChange={() => (replay.source.value = 'tab')}
          />{' '}
          This tab’s capture
        </label>
        <label>
          <input
            type="radio"
            name="replay-source"
            checked={replay.source.value === 'file'}
            disabled={!file}
            onChange={() => (replay.source.value = 'file')}
          />{' '}
          {file ? file.name : 'A file'}
        </label>
        <label class="file-button">
          Load HAR / session / JSONL…
          <input
            type="file"
            aria-label="Load a recording for replay"
            onChange={async (e) => {
              const input = e.currentTarget as HTMLInputElement;
              const f = input.files?.[0];
              if (f) replay.loadFile(f.name, await readFileBytes(f));
              input.value = '';
            }}
          />
        </label>
      </fieldset>
      <label>
        Recorded run{' '}
        <select
          value={replay.selected.value ?? list[0]?.streamId ?? ''}
          onChange={(e) => (replay.selected.value = value(e))}
        >
          {list.map((c) => (
            <option key={c.streamId} value={c.streamId}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Runs to replay (each following AG-UI request gets the next){' '}
        <input
          type="number"
          min={1}
          max={64}
          value={replay.count.value}
          onInput={(e) => (replay.count.value = Number(value(e)) || 1)}
        />
      </label>
      <fieldset>
        <legend>Ids</legend>
        <label>
          <input
            type="radio"
            name="replay-ids"
            checked={replay.rewriteIds.value}
            onChange={() => (replay.rewriteIds.value = true)}
          />{' '}
          Use the request’s threadId/runId (default: a recording from any origin is accepted by the official HttpAgent
          and by apps that check the ids)
        </label>
        <label>
          <input
            type="radio"
            name="replay-ids"
            checked={!replay.rewriteIds.value}
            onChange={() => (replay.rewriteIds.value = false)}
          />{' '}
          Exactly as recorded
        </label>
      </fieldset>
      <label>
        Pacing{' '}
        <select value={replay.pacing.value} onChange={(e) => (replay.pacing.value = value(e) as PacingName)}>
          <option value="recorded">As recorded</option>
          <option value="faster">× N faster</option>
          <option value="instant">Instant</option>
          <option value="step">Step</option>
        </select>
      </label>
      {replay.pacing.value === 'faster' && (
        <label>
          N{' '}
          <input
            type="number"
            min={1}
            step="any"
            value={replay.factor.value}
            onInput={(e) => (replay.factor.value = Number(value(e)) || 1)}
          />
        </label>
      )}
      <label>
        Only URLs matching{' '}
        <input
          type="text"
          placeholder="any URL (e.g. */api/agent)"
          value={replay.pattern.value}
          onInput={(e) => (replay.pattern.value = value(e))}
        />
      </label>
      <ReplayEditor replay={replay} />
      <button type="submit" disabled={list.length === 0}>
        Replay into page
      </button>
    </form>
  );
}
