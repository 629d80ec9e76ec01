// A finding's marker on a timeline lane (run or placeholder): a button at the finding's
// place that opens it, out of the tab order (the lane list handles the keys).
import type { Finding } from '../../core/findings.js';
import { jumpToFinding } from '../actions.js';
import { usePanel } from '../store-context.js';

export function FindingMarker({ index, finding, x }: { index: number; finding: Finding; x: number }) {
  const { store } = usePanel();
  const selected = store.selection.finding.value === index;
  return (
    <button
      type="button"
      tabIndex={-1}
      class={`marker finding sev-${finding.severity}${selected ? ' selected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      style={{ left: `${x}px` }}
      aria-label={`${finding.severity} ${finding.rule}: ${finding.message}`}
      title={`${finding.rule}: ${finding.message}`}
      onClick={(e) => {
        e.stopPropagation();
        jumpToFinding(store, index);
      }}
    />
  );
}
