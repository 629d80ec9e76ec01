import { healthProblem } from '../store/health.js';
import { usePanel } from '../store-context.js';

/** Always-visible capture health: connection, tap frames, streams, ignored, overflow. */
export function HealthIndicator() {
  const { store } = usePanel();
  const h = store.capture.health.value;
  const recording = store.capture.recording.value;
  if (h.mode === 'offline') {
    return (
      <span class="health" role="status" aria-label="Capture health">
        <span class="dot" aria-hidden="true" />
        {store.importedName.value ? `Offline: ${store.importedName.value}` : 'Offline viewer'}
      </span>
    );
  }
  const problem = healthProblem(h, recording);
  const state = !h.connected || h.dropped > 0 ? 'bad' : problem ? 'warn' : 'ok';
  const parts = [
    h.connected ? 'connected' : 'disconnected',
    `tap ×${h.tapFrames}`,
    `${h.streamsSeen} stream${h.streamsSeen === 1 ? '' : 's'}`,
  ];
  if (h.ignored > 0) parts.push(`${h.ignored} ignored`);
  if (h.dropped > 0) parts.push(`${h.dropped} dropped`);
  if (h.skippedWhilePaused > 0) parts.push(`${h.skippedWhilePaused} not recorded`);
  if (h.replaying) parts.push('replaying buffer');
  const text = parts.join(' · ');
  // The long form (screen readers, tooltip) spells out what the short one abbreviates.
  const long = [
    h.connected ? 'connected to the page' : 'not connected',
    `tap present in ${h.tapFrames} frame${h.tapFrames === 1 ? '' : 's'}`,
    `${h.streamsSeen} AG-UI stream${h.streamsSeen === 1 ? '' : 's'} seen`,
    `${h.ignored} responses ignored as not AG-UI`,
    `${h.dropped} messages dropped by buffer overflow`,
    ...(h.skippedWhilePaused > 0 ? [`${h.skippedWhilePaused} streams not recorded while paused`] : []),
    ...(problem ? [problem] : []),
  ].join('; ');
  return (
    <span class={`health ${state}`} role="status" aria-label="Capture health" title={long}>
      <span class="dot" aria-hidden="true" />
      {text}
    </span>
  );
}
