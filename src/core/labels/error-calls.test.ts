import { describe, expect, it } from 'vitest';
import { inspectBytes } from '../io/inspect-bytes.js';
import { sseText } from '../pipeline/sse.test-helper.js';
import { callsNamedInError } from './error-calls.js';

function runWithError(message: string, ids: readonly string[]) {
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    ...ids.flatMap((id) => [
      { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'lookup' },
      { type: 'TOOL_CALL_END', toolCallId: id },
    ]),
    { type: 'RUN_ERROR', message },
  ];
  const result = inspectBytes('e.sse', new TextEncoder().encode(sseText(events)));
  if (!result.ok || result.model.runs[0] === undefined) throw new Error('no run');
  return result.model.runs[0];
}

describe('callsNamedInError', () => {
  it('finds the run’s call ids the RUN_ERROR message names, in the order the run made them', () => {
    const run = runWithError('Tool call call_2 failed after call_1 (timeout); retry later', ['call_1', 'call_2', 'c3']);
    expect(callsNamedInError(run)).toEqual(['call_1', 'call_2']);
  });

  it('does not take an id that is only part of a longer token', () => {
    const run = runWithError('call_10 failed; see call_1x', ['call_1', 'call_10']);
    expect(callsNamedInError(run)).toEqual(['call_10']);
  });

  it('is empty for a run that names no call or did not error', () => {
    expect(callsNamedInError(runWithError('model overloaded', ['call_1']))).toEqual([]);
  });
});
