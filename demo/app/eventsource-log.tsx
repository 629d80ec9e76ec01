import { eventSourceLog } from './state.js';

export function EventSourceLog() {
  const lines = eventSourceLog.value;
  if (lines.length === 0) return null;
  return (
    <details class="es-log" open>
      <summary>EventSource events ({lines.length})</summary>
      <ol id="es-log">
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ol>
    </details>
  );
}
