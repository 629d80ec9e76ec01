import { CheckChoice } from '../widgets/Choice.js';
import { focusActiveView } from '../focus.js';
import { usePanel } from '../store-context.js';
import { CompareRunsButton } from '../compare/CompareRunsButton.js';
import { ExportMenu } from './ExportMenu.js';
import { HealthIndicator } from './HealthIndicator.js';
import { ImportButton } from './ImportButton.js';
import { RunSelector } from './RunSelector.js';
import { SeverityChips } from '../findings/SeverityChips.js';
import { SettingsMenu } from './SettingsMenu.js';

export const FILTER_INPUT_ID = 'agui-filter';

/** DevTools-style toolbar: record, clear, preserve log, filter, chips, run, import/export, health. */
export function Toolbar() {
  const { store } = usePanel();
  const s = store.settings.settings.value;
  const recording = store.capture.recording.value;
  const invalid = store.filter.value.invalid;
  return (
    <div class="toolbar" role="toolbar" aria-label="AG-UI Inspector toolbar">
      {!store.offline && (
        <button
          type="button"
          class="tb-btn record"
          aria-pressed={recording}
          aria-label={recording ? 'Stop recording' : 'Record'}
          title={recording ? 'Stop recording (new streams are dropped while stopped)' : 'Record'}
          onClick={() => store.capture.setRecording(!recording)}
        >
          {recording ? '●' : '○'}
        </button>
      )}
      <button type="button" class="tb-btn" aria-label="Clear" title="Clear" onClick={() => store.clear()}>
        ⊘
      </button>
      {!store.offline && (
        <CheckChoice
          extraClass="tb-check"
          checked={s.preserveLog}
          onToggle={(on) => store.settings.update({ preserveLog: on })}
        >
          Preserve log
        </CheckChoice>
      )}
      <span class="sep" />
      <input
        id={FILTER_INPUT_ID}
        class={`filter-box${invalid.length > 0 ? ' invalid' : ''}`}
        type="search"
        placeholder="Filter (text, -negate, /regex/)"
        aria-label="Filter"
        title={
          invalid.length > 0
            ? `Invalid regex, matched as text: ${invalid.join(' ')}`
            : 'Filter: text, -negation, /regex/'
        }
        value={s.filterText}
        onInput={(e) => store.settings.update({ filterText: (e.currentTarget as HTMLInputElement).value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            store.settings.update({ filterText: '' });
            // Back to the list the filter was opened from (with `/`), not to <body>.
            (e.currentTarget as HTMLInputElement).blur();
            focusActiveView();
            e.stopPropagation();
          }
        }}
      />
      <SeverityChips />
      <span class="sep" />
      <RunSelector />
      <CompareRunsButton />
      <span class="sep" />
      <ImportButton />
      <ExportMenu />
      <HealthIndicator />
      <SettingsMenu />
    </div>
  );
}
