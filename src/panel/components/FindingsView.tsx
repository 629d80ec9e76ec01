import { useEffect } from 'preact/hooks';
import { logAt } from '../../core/model/log.js';
import { usePanel } from '../store-context.js';
import { FindingGroupView } from './FindingGroupView.js';

/** Findings grouped by rule, errors first. */
export function FindingsView() {
  const { store } = usePanel();
  const index = store.findings.value;
  const model = store.capture.model.value;
  const selected = store.selection.finding.value;
  useEffect(() => {
    if (selected === undefined) return;
    document.querySelector(`[data-finding="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  if (index.groups.length === 0) {
    return <div class="empty" role="status">{model.findings.length === 0 ? 'No findings.' : 'No findings match the filters.'}</div>;
  }
  return (
    <div class="vlist" role="region" aria-label="Findings" tabIndex={0}>
      {index.groups.map((g) => (
        <FindingGroupView key={g.rule} group={g} rule={store.core.rules.get(g.rule)} findingAt={(i) => logAt(model.findings, i)} />
      ))}
    </div>
  );
}
