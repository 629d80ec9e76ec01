import { casePlayNote } from './case-source.js';
import type { ReplayStore } from './replay-store.js';

/** The conformance case to replay: the catalogue by group, and what the picked case is and does. */
export function ReplayCasePicker({ replay }: { readonly replay: ReplayStore }) {
  const state = replay.cases.state.value;
  if (state.status === 'idle' || state.status === 'loading')
    return (
      <p class="replay-case" role="status" aria-label="Conformance cases">
        Loading the conformance cases…
      </p>
    );
  if (state.status === 'failed')
    return (
      <p class="replay-case" role="status" aria-label="Conformance cases">
        {`The conformance cases could not be loaded: ${state.error}`}{' '}
        <button type="button" onClick={() => replay.cases.open()}>
          Try again
        </button>
      </p>
    );
  const picked = replay.cases.picked.value;
  return (
    <div class="replay-case">
      <label>
        Conformance case{' '}
        <select
          value={picked?.id ?? ''}
          aria-describedby="replay-case-about"
          onChange={(e) => (replay.cases.caseId.value = (e.currentTarget as HTMLSelectElement).value)}
        >
          {replay.cases.groups.value.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.cases.map((c) => (
                <option key={c.id} value={c.id} title={c.goodClient}>
                  {`${c.id} — ${c.title}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {picked && (
        <dl id="replay-case-about" class="replay-case-about" role="group" aria-label="About this case">
          <dt>What a good client does</dt>
          <dd>{picked.goodClient}</dd>
          <dt>Official client (@ag-ui/client)</dt>
          <dd>
            {picked.official.outcome === 'completed'
              ? 'completes the run'
              : picked.official.outcome === 'failed'
                ? `fails the run${picked.official.errorContains ? ` ("${picked.official.errorContains}")` : ''}`
                : 'keeps waiting for the body to end'}
            {picked.official.differs ? ` (${picked.official.differs})` : ''}
          </dd>
          <dt>Source</dt>
          <dd>{`${picked.source} · protocol ${picked.protocolVersion}`}</dd>
          <dt>In the panel</dt>
          <dd>{casePlayNote(picked)}</dd>
        </dl>
      )}
    </div>
  );
}
