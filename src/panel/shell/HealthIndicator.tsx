import { useEffect } from 'preact/hooks';
import { formatBytes, healthProblem, lossLines, meanEventBytes } from '../store/health.js';
import { usePanel } from '../store-context.js';

const MB = 1024 * 1024;

/** Always-visible capture health: connection, tap frames, streams, ignored, loss and cuts. */
export function HealthIndicator() {
  const { store } = usePanel();
  const h = store.capture.health.value;
  const recording = store.capture.recording.value;
  const capMb = store.settings.settings.value.sessionCapMb;
  // The user's session cap reaches the capture store from here (the settings live in the panel).
  useEffect(() => store.capture.setSessionCap(capMb * MB), [capMb, store]);
  if (h.mode === 'offline') {
    return (
      <span class="health" role="status" aria-label="Capture health">
        <span class="dot" aria-hidden="true" />
        {store.importedName.value ? `Offline: ${store.importedName.value}` : 'Offline viewer'}
      </span>
    );
  }
  const perEvent = h.dropped > 0 ? meanEventBytes(store.capture.model.value.streams) : undefined;
  const problem = healthProblem(h, recording, perEvent);
  const lost = h.dropped > 0 || h.cutCount > 0 || h.session.stopped || h.session.evictedRuns > 0;
  const state = h.tabClosed || !h.connected || h.dropped > 0 ? 'bad' : problem || lost ? 'warn' : 'ok';
  const parts = [
    h.tabClosed ? 'tab closed' : h.connected ? 'connected' : 'disconnected',
    `tap ×${h.tapFrames}`,
    `${h.streamsSeen} stream${h.streamsSeen === 1 ? '' : 's'}`,
  ];
  if (h.failedRequests > 0) parts.push(`${h.failedRequests} failed request${h.failedRequests === 1 ? '' : 's'}`);
  if (h.ignored > 0) parts.push(`${h.ignored} ignored`);
  if (h.dropped > 0) parts.push(`${h.dropped.toLocaleString('en-US')} chunks dropped`);
  if (h.cutCount > 0) parts.push(`${h.cutCount} cut at cap`);
  if (h.session.evictedRuns > 0) parts.push(`${h.session.evictedRuns} runs evicted`);
  if (h.session.stopped) parts.push(`session cap ${formatBytes(h.session.capBytes)} reached`);
  if (h.workerStreams > 0) parts.push(`${h.workerStreams} worker stream${h.workerStreams === 1 ? '' : 's'} not tapped`);
  if (h.skippedWhilePaused > 0) parts.push(`${h.skippedWhilePaused} not recorded`);
  if (h.replaying) parts.push('replaying buffer');
  const text = parts.join(' · ');
  // The long form (screen readers, tooltip) spells out what the short one abbreviates.
  const long = [
    h.tabClosed ? 'the inspected tab was closed' : h.connected ? 'connected to the page' : 'not connected',
    `tap present in ${h.tapFrames} frame${h.tapFrames === 1 ? '' : 's'}`,
    `${h.streamsSeen} AG-UI stream${h.streamsSeen === 1 ? '' : 's'} seen`,
    ...(h.failedRequests > 0 ? [`${h.failedRequests} run requests failed (no AG-UI answer)`] : []),
    `${h.ignored} responses ignored as not AG-UI`,
    ...(h.dropped === 0 ? ['nothing lost on the way'] : []),
    ...lossLines(h, perEvent),
    `session ${formatBytes(h.session.bytes)} of ${formatBytes(h.session.capBytes)} cap`,
    ...(h.skippedWhilePaused > 0 ? [`${h.skippedWhilePaused} streams not recorded while paused`] : []),
    ...(problem && !lossLines(h, perEvent).some((l) => problem.includes(l)) ? [problem] : []),
  ].join('; ');
  return (
    <span class={`health ${state}`} role="status" aria-label="Capture health" title={long}>
      <span class="dot" aria-hidden="true" />
      {/* Docked narrow, a connected panel's dot says "connected"; the words give way. */}
      {h.connected && !h.tabClosed ? (
        <>
          <span class="wide-only">{`${parts.slice(0, 2).join(' · ')} · `}</span>
          {parts.slice(2).join(' · ')}
        </>
      ) : (
        text
      )}
    </span>
  );
}
