import { SCENARIOS, findScenario } from '../scenarios/index.js';
import { ChatView } from './chat-view.js';
import { EventSourceLog } from './eventsource-log.js';
import { runScenario } from './run.js';
import { errorText, eventCount, runCount, runState, selected, statusText } from './state.js';

export function App() {
  const scenario = findScenario(selected.value);
  const busy = runState.value === 'running';
  return (
    <main>
      <h1>AG-UI demo agent</h1>
      <div class="controls">
        <label for="scenario">Scenario</label>
        <select
          id="scenario"
          value={selected.value}
          disabled={busy}
          onChange={(e) => (selected.value = e.currentTarget.value)}
        >
          {SCENARIOS.map((s) => (
            <option key={s.name} value={s.name}>
              {s.title}
            </option>
          ))}
        </select>
        <button id="run" type="button" disabled={busy} onClick={() => void runScenario(selected.value)}>
          Run
        </button>
        <button id="eventsource" type="button" disabled={busy} onClick={() => void runScenario('eventsource')}>
          EventSource stream
        </button>
      </div>
      <p id="description">
        {scenario?.description}
        {scenario?.verdict === 'rejected' ? ' (The reference client rejects this stream by design.)' : ''}
      </p>
      <p id="status" data-state={runState.value} data-runs={runCount.value} data-events={eventCount.value}>
        {statusText.value}
      </p>
      {errorText.value ? (
        <pre id="error" role="alert">
          {errorText.value}
        </pre>
      ) : null}
      <ChatView />
      <EventSourceLog />
    </main>
  );
}
