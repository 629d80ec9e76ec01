import type { Answered } from './plans.js';

/** The app's request beside the recorded one, and where they differ. */
export function ReplayDivergence({ answered }: { readonly answered: Answered }) {
  const d = answered.divergences;
  return (
    <details class="replay-divergence">
      <summary>
        {`Run ${answered.index + 1}: `}
        {d.length === 0 ? (
          'the app’s request matches the recorded one'
        ) : (
          <span class="diverged">{`${d.length} divergence(s) from the recorded request`}</span>
        )}
      </summary>
      {d.length > 0 && (
        <ul aria-label="Divergences">
          {d.map((x) => (
            <li key={x.path + x.what}>
              <code>{x.path || '/'}</code> {x.what}
              {x.recorded !== undefined && <div class="dim">{`recorded: ${x.recorded}`}</div>}
              {x.actual !== undefined && <div class="dim">{`app sent: ${x.actual}`}</div>}
            </li>
          ))}
        </ul>
      )}
      <div class="replay-requests">
        <figure>
          <figcaption>App’s request</figcaption>
          <pre>{answered.actualBody ?? '(no body)'}</pre>
        </figure>
        <figure>
          <figcaption>Recorded request</figcaption>
          <pre>{answered.recordedBody ?? '(not recorded)'}</pre>
        </figure>
      </div>
    </details>
  );
}
