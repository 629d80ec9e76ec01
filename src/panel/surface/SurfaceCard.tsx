import type { A2uiSurface } from '../../core/a2ui/surfaces.js';
import { surfaceTree } from '../derive/surface-tree.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { SurfaceFindings } from './SurfaceFindings.js';

function facts(s: A2uiSurface): string {
  const begun = s.version === 'v0.8' ? 'beginRendering' : 'createSurface';
  return [
    `A2UI ${s.version}`,
    s.catalogId === undefined ? 'no catalogue named' : `catalogue ${s.catalogId}`,
    s.begun ? `${begun} sent` : `no ${begun}`,
    `${s.components.size} component${s.components.size === 1 ? '' : 's'}`,
    ...(s.deleted ? ['deleted'] : []),
  ].join(' · ');
}

/** One surface: what it is, its component tree from the root (text only) and its data model. */
export function SurfaceCard({
  surface,
  streamId,
  runId,
}: {
  readonly surface: A2uiSurface;
  readonly streamId: string;
  readonly runId: string | undefined;
}) {
  const tree = surfaceTree(surface);
  const name = `Surface ${surface.surfaceId}`;
  return (
    <section class="surface-card" aria-label={name}>
      <h4 class="mono">{surface.surfaceId}</h4>
      <p class="dim surface-facts">{facts(surface)}</p>
      {tree.lines.length === 0 ? (
        <p class="dim">
          {surface.root === undefined
            ? 'No root yet (no beginRendering).'
            : `No component has the root id '${surface.root}'.`}
        </p>
      ) : (
        <ul class="surface-tree mono" aria-label={`Components of ${surface.surfaceId}`}>
          {tree.lines.map((line, i) => (
            <li
              key={i}
              class={line.missing ? 'sev-warning' : undefined}
              style={{ paddingLeft: `${line.depth * 14}px` }}
            >
              <span>{line.id}</span>
              {line.missing ? (
                <span>{' — missing: no component has this id'}</span>
              ) : (
                <>
                  <span class="surface-type">{` ${line.type}`}</span>
                  {line.detail !== '' && <span class="dim">{` ${line.detail}`}</span>}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {tree.unreached.length > 0 && (
        <p class="dim">{`Not reached from the root: ${tree.unreached.map((c) => `${c.id} (${c.type ?? '?'})`).join(', ')}`}</p>
      )}
      <SurfaceFindings streamId={streamId} runId={runId} surfaceId={surface.surfaceId} />
      <p class="dim surface-model">Data model</p>
      <JsonTree value={surface.dataModel} label={`Data model of ${surface.surfaceId}`} open={3} />
    </section>
  );
}
