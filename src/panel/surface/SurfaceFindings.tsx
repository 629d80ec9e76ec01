import { FindingCard } from '../findings/FindingCard.js';
import { usePanel } from '../store-context.js';

/**
 * The a2ui/* findings about one surface of the run (judged when the run ends, on what the
 * renderer was finally given), linked like any finding.
 */
export function SurfaceFindings({
  streamId,
  runId,
  surfaceId,
}: {
  readonly streamId: string;
  readonly runId: string | undefined;
  readonly surfaceId: string;
}) {
  const { store } = usePanel();
  const findings = store.capture.model.value.findings;
  const mention = `surface '${surfaceId}'`;
  const mine = store.findings.value.forStream(streamId).filter((i) => {
    const f = findings[i];
    return f !== undefined && f.rule.startsWith('a2ui/') && f.runId === runId && f.message.includes(mention);
  });
  if (mine.length === 0) return null;
  return (
    <div class="section" aria-label={`Findings for surface ${surfaceId}`}>
      {mine.map((i) => {
        const f = findings[i];
        return f ? <FindingCard key={i} finding={f} index={i} compact /> : null;
      })}
    </div>
  );
}
