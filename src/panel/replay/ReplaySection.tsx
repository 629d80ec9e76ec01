import { useEffect, useRef } from 'preact/hooks';
import { RadioChoice } from '../widgets/Choice.js';
import { FileInput } from '../widgets/FileInput.js';
import { usePanel } from '../store-context.js';
import { ReplayArmedBar } from './ReplayArmedBar.js';
import { ReplayCasePicker } from './ReplayCasePicker.js';
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
      <details
        class="replay-setup"
        open={replay.setupOpen.value}
        onToggle={(e) => (replay.setupOpen.value = (e.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>Replay</summary>
        <ReplayForm replay={replay} />
      </details>
    </div>
  );
}

/** The hidden file input behind a button styled like the panel's others. */
function LoadRecordingButton({ replay }: { readonly replay: ReplayStore }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" class="tb-btn tb-text" onClick={() => input.current?.click()}>
        Load HAR / session / JSONL…
      </button>
      <FileInput
        inputRef={input}
        label="Load a recording for replay"
        onFile={(name, bytes) => replay.loadFile(name, bytes)}
      />
    </>
  );
}

/** Which recorded run(s) of the session or file: the first, and how many after it. */
function RecordedRuns({ replay }: { readonly replay: ReplayStore }) {
  const list = replay.candidates.value;
  const value = (e: Event): string => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;
  return (
    <>
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
    </>
  );
}

function ReplayForm({ replay }: { readonly replay: ReplayStore }) {
  const list = replay.candidates.value;
  const file = replay.file.value;
  const session = replay.sessionName.value;
  const preview = replay.preview.value;
  const submit = useRef<HTMLButtonElement>(null);
  const focus = replay.focusRequest.value;
  useEffect(() => {
    if (focus > 0) submit.current?.focus();
  }, [focus]);
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
        <RadioChoice
          name="replay-source"
          checked={replay.source.value === 'tab'}
          onPick={() => (replay.source.value = 'tab')}
        >
          {session === 'this tab' ? 'This tab’s capture' : `The imported session (${session})`}
        </RadioChoice>
        <RadioChoice
          name="replay-source"
          checked={replay.source.value === 'file'}
          disabled={!file}
          onPick={() => (replay.source.value = 'file')}
        >
          {file ? file.name : 'A file loaded for replay only'}
        </RadioChoice>
        <RadioChoice name="replay-source" checked={replay.source.value === 'case'} onPick={() => replay.chooseCases()}>
          A conformance case…
        </RadioChoice>
        <LoadRecordingButton replay={replay} />
      </fieldset>
      {replay.source.value === 'case' ? <ReplayCasePicker replay={replay} /> : <RecordedRuns replay={replay} />}
      <fieldset>
        <legend>Ids</legend>
        <RadioChoice
          name="replay-ids"
          checked={replay.rewriteIds.value}
          onPick={() => (replay.rewriteIds.value = true)}
        >
          Use the request’s threadId/runId (default: a recording from any origin is accepted by the official HttpAgent
          and by apps that check the ids)
        </RadioChoice>
        <RadioChoice
          name="replay-ids"
          checked={!replay.rewriteIds.value}
          onPick={() => (replay.rewriteIds.value = false)}
        >
          Exactly as recorded
        </RadioChoice>
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
      <fieldset>
        <legend>Answer requests to</legend>
        <RadioChoice
          name="replay-match"
          checked={replay.match.value === 'path'}
          onPick={() => (replay.match.value = 'path')}
        >
          The recorded path, any origin (default)
        </RadioChoice>
        <RadioChoice
          name="replay-match"
          checked={replay.match.value === 'any'}
          onPick={() => (replay.match.value = 'any')}
        >
          Any URL
        </RadioChoice>
        <RadioChoice
          name="replay-match"
          checked={replay.match.value === 'pattern'}
          onPick={() => (replay.match.value = 'pattern')}
        >
          URLs matching{' '}
          <input
            type="text"
            aria-label="URL pattern"
            placeholder="e.g. */api/agent"
            value={replay.pattern.value}
            onInput={(e) => {
              replay.pattern.value = value(e);
              replay.match.value = 'pattern';
            }}
          />
        </RadioChoice>
      </fieldset>
      <label>
        Expires if not taken within{' '}
        <input
          type="number"
          min={1}
          max={3600}
          size={5}
          value={replay.expirySeconds.value}
          onInput={(e) => (replay.expirySeconds.value = Number(value(e)) || 1)}
        />{' '}
        s
      </label>
      <ReplayEditor replay={replay} />
      <p class="replay-preview" role="status" aria-label="What will be replayed">
        {preview.text}
        {preview.pacingNote && <span class="dim">{` Pacing: ${preview.pacingNote}`}</span>}
      </p>
      <button ref={submit} type="submit" disabled={list.length === 0}>
        Replay into page
      </button>
    </form>
  );
}
