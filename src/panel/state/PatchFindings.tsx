import { usePanel } from '../store-context.js';
import { FindingCard } from '../findings/FindingCard.js';

/** The findings about one STATE_DELTA event (state/patch-failed), linked like any finding. */
export function PatchFindings({ streamId, event }: { readonly streamId: string; readonly event: number }) {
  const { store } = usePanel();
  const findings = store.capture.model.value.findings;
  const mine = store.findings.value.forStream(streamId).filter((i) => findings[i]?.events[0] === event);
  if (mine.length === 0) return null;
  return (
    <div class="section" aria-label="Findings for this patch">
      {mine.map((i) => {
        const f = findings[i];
        return f ? <FindingCard key={i} finding={f} index={i} compact /> : null;
      })}
    </div>
  );
}
