// The app's state as signals: the components read them, the runners write them.
import { signal } from '@preact/signals';
import type { Message } from '@ag-ui/core';
import { SCENARIOS } from '../scenarios/index.js';

export type RunState = 'idle' | 'running' | 'done' | 'error';

export const selected = signal<string>(SCENARIOS[0]?.name ?? '');
export const runState = signal<RunState>('idle');
export const statusText = signal<string>('Pick a scenario and press Run.');
/** The client's (or the network's) error message, shown verbatim as text. */
export const errorText = signal<string>('');
export const messages = signal<readonly Message[]>([]);
export const eventCount = signal<number>(0);
export const runCount = signal<number>(0);
/** Lines received over EventSource (the GET scenario has no HttpAgent to build messages). */
export const eventSourceLog = signal<readonly string[]>([]);

export function resetRun(): void {
  runState.value = 'running';
  errorText.value = '';
  messages.value = [];
  eventCount.value = 0;
  runCount.value = 0;
  eventSourceLog.value = [];
}
