import { compactJson, stateDiff, type StateChange } from '../derive/state-diff.js';
import type { StateHistory } from '../derive/state-history.js';

/** Changes listed at most; a larger diff says how many more (the state trees have everything). */
export const DIFF_ROWS = 500;

const SIGN: Record<StateChange['kind'], string> = { added: '+', removed: '−', changed: '~' };

/**
 * Diff between any two steps: "Diff from here" pins the current step as the base, then the
 * scrubber picks the other; the base can also be typed. Shows what changed from base to now.
 */
export function StateDiff({
  history,
  at,
  count,
  base,
  onBase,
}: {
  readonly history: StateHistory;
  readonly at: number;
  readonly count: number;
  readonly base: number | undefined;
  onBase(step: number | undefined): void;
}) {
  const from = base === undefined ? undefined : Math.min(base, count - 1);
  const changes = from === undefined ? [] : stateDiff(history.stateAt(from)?.state, history.stateAt(at)?.state);
  return (
    <div class="section state-diff" role="group" aria-label="State diff">
      <div class="scrubber">
        <button
          type="button"
          class="tb-btn tb-text"
          onClick={() => onBase(at)}
          title="Compare other steps with this one"
        >
          {`Diff from step ${at + 1}`}
        </button>
        <label class="dim">
          {'base step '}
          <input
            type="number"
            class="step-input"
            min={1}
            max={count}
            value={from === undefined ? '' : from + 1}
            aria-label="Diff base step"
            onInput={(e) => {
              const v = Number((e.currentTarget as HTMLInputElement).value);
              if (Number.isInteger(v) && v >= 1 && v <= count) onBase(v - 1);
            }}
          />
        </label>
        {from !== undefined && (
          <button type="button" class="tb-btn" onClick={() => onBase(undefined)}>
            Clear diff
          </button>
        )}
      </div>
      {from !== undefined && (
        <>
          <h3>{`Changes from step ${from + 1} to step ${at + 1}`}</h3>
          {changes.length === 0 ? (
            <div class="dim" role="status">
              No difference.
            </div>
          ) : (
            <ul class="diff-list mono" aria-label={`Changes from step ${from + 1} to step ${at + 1}`}>
              {changes.slice(0, DIFF_ROWS).map((c, i) => (
                <li key={i} class={`diff-${c.kind}`}>
                  <span class="diff-sign" aria-label={c.kind}>
                    {SIGN[c.kind]}
                  </span>{' '}
                  <span class="patch-path">{c.path === '' ? '(whole state)' : c.path}</span>
                  {c.kind !== 'added' && <span class="diff-before">{` ${compactJson(c.before)}`}</span>}
                  {c.kind === 'changed' && <span class="dim">{' →'}</span>}
                  {c.kind !== 'removed' && <span class="diff-after">{` ${compactJson(c.after)}`}</span>}
                </li>
              ))}
              {changes.length > DIFF_ROWS && <li class="dim">{`… ${changes.length - DIFF_ROWS} more changes`}</li>}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
