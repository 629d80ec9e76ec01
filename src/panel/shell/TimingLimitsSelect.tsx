import { OPEN_AFTER_TERMINAL_CHOICES_S, STALL_CHOICES_S } from '../store/settings-store.js';
import { usePanel } from '../store-context.js';

/**
 * The timing rules' thresholds: how long a body may stay open after its run ended, and
 * how long an open run may be silent, before each is a finding. Applied at the next tick
 * (about a second); what was already reported stays.
 */
export function TimingLimitsSelect() {
  const { store } = usePanel();
  const { openAfterTerminalS, stallS } = store.settings.settings.value;
  if (store.offline) return null;
  return (
    <>
      <label class="tb-check" title="A body still open this long after RUN_FINISHED/RUN_ERROR is a finding">
        Open after end
        <select
          aria-label="Body open after the run ended: finding after"
          value={String(openAfterTerminalS)}
          onChange={(e) =>
            store.settings.update({ openAfterTerminalS: Number((e.currentTarget as HTMLSelectElement).value) })
          }
        >
          {OPEN_AFTER_TERMINAL_CHOICES_S.map((s) => (
            <option key={s} value={String(s)}>{`${s} s`}</option>
          ))}
        </select>
      </label>
      <label class="tb-check" title="An open run with no event (keep-alives aside) this long is a stall">
        Stall
        <select
          aria-label="Run without events: stall after"
          value={String(stallS)}
          onChange={(e) => store.settings.update({ stallS: Number((e.currentTarget as HTMLSelectElement).value) })}
        >
          {STALL_CHOICES_S.map((s) => (
            <option key={s} value={String(s)}>{`${s} s`}</option>
          ))}
        </select>
      </label>
    </>
  );
}
