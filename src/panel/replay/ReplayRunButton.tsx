import type { RunModel } from '../../core/model/types.js';
import { usePanel } from '../store-context.js';

/**
 * "Replay this run into page": picks the run's recorded response in the Replay section and
 * unfolds it, with what will be replayed shown and the arm button focused (nothing is sent
 * until the user presses it). Only on a panel attached to a tab.
 */
export function ReplayRunButton({ run, compact = false }: { readonly run: RunModel; readonly compact?: boolean }) {
  const { store } = usePanel();
  const replay = store.replay;
  if (!replay) return null;
  return (
    <button
      type="button"
      class={compact ? 'tb-btn lane-replay' : 'tb-btn tb-text'}
      aria-label="Replay this run into page"
      // On a lane it is a pointer shortcut: keyboard users reach the run detail's button.
      tabIndex={compact ? -1 : 0}
      title="Replay this run into page: choose it in the Replay section, see what will be sent, then arm"
      onClick={(e) => {
        e.stopPropagation();
        if (!replay.chooseStream(run.streamId)) store.notice.value = 'This run has no recorded response to replay.';
      }}
      onDblClick={(e) => e.stopPropagation()}
    >
      {compact ? null : 'Replay this run into page'}
    </button>
  );
}
