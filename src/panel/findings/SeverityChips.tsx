import type { Severity } from '../../core/findings.js';
import { usePanel } from '../store-context.js';

const LABEL: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', notice: 'Notices' };

/** Counts per severity that also toggle which severities are shown. */
export function SeverityChips() {
  const { store } = usePanel();
  const counts = store.capture.model.value.counts;
  const shown = store.settings.settings.value.severities;
  return (
    <span role="group" aria-label="Severity filter">
      {(['error', 'warning', 'notice'] as const).map((sev) => (
        <button
          key={sev}
          type="button"
          class={`chip sev-${sev}`}
          aria-pressed={shown[sev]}
          aria-label={`${LABEL[sev]}: ${counts[sev]} (${shown[sev] ? 'shown' : 'hidden'})`}
          title={`${shown[sev] ? 'Hide' : 'Show'} ${LABEL[sev].toLowerCase()}`}
          onClick={() => store.settings.toggleSeverity(sev)}
        >
          <span class="wide-only">{`${LABEL[sev]} `}</span>
          {counts[sev]}
        </button>
      ))}
    </span>
  );
}
