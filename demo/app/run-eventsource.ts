// The GET scenario: a custom consumer with EventSource (HttpAgent only speaks POST).
// AG-UI events arrive as `message` events; `progress` (a CUSTOM event) and `done` (the
// terminal event) are named events, so they need listeners of their own.
import type { Message } from '@ag-ui/core';
import type { RunResult } from './run-agent.js';
import { errorText, eventCount, eventSourceLog, messages, runCount, runState, statusText } from './state.js';

interface WireEvent {
  readonly type?: unknown;
  readonly messageId?: unknown;
  readonly delta?: unknown;
  readonly toolCallName?: unknown;
}

function applyText(list: readonly Message[], ev: WireEvent): readonly Message[] {
  if (ev.type === 'TEXT_MESSAGE_START' && typeof ev.messageId === 'string')
    return [...list, { id: ev.messageId, role: 'assistant', content: '' }];
  if (ev.type === 'TEXT_MESSAGE_CONTENT' && typeof ev.delta === 'string') {
    return list.map((m) =>
      m.id === ev.messageId && m.role === 'assistant' ? { ...m, content: (m.content ?? '') + String(ev.delta) } : m,
    );
  }
  return list;
}

export function runWithEventSource(baseUrl: string, scenario: string): Promise<RunResult> {
  runCount.value = 1;
  statusText.value = 'EventSource streaming…';
  return new Promise((done) => {
    const source = new EventSource(`${baseUrl}/events?scenario=${encodeURIComponent(scenario)}`);
    const log = (line: string): void => void (eventSourceLog.value = [...eventSourceLog.value, line]);
    source.addEventListener('message', (e: MessageEvent<string>) => {
      let ev: WireEvent;
      try {
        ev = JSON.parse(e.data) as WireEvent;
      } catch {
        log(`unparseable: ${e.data.slice(0, 80)}`);
        return;
      }
      eventCount.value += 1;
      log(`message ${String(ev.type)}${typeof ev.toolCallName === 'string' ? ` ${ev.toolCallName}` : ''}`);
      messages.value = applyText(messages.value, ev);
    });
    source.addEventListener('progress', (e: MessageEvent<string>) => log(`progress ${e.data}`));
    source.addEventListener('done', (e: MessageEvent<string>) => {
      eventCount.value += 1;
      let type = 'unparseable';
      try {
        type = String((JSON.parse(e.data) as WireEvent).type);
      } catch {
        // shown as unparseable
      }
      log(`done ${type}`);
      // Close before the server's end of stream makes EventSource reconnect.
      source.close();
      runState.value = 'done';
      statusText.value = `Done: EventSource, ${eventCount.value} events.`;
      done({ ok: true, runs: 1 });
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED || runState.value !== 'running') return;
      source.close();
      errorText.value = 'EventSource connection failed';
      runState.value = 'error';
      statusText.value = 'EventSource failed.';
      done({ ok: false, runs: 1, error: errorText.value });
    });
  });
}
