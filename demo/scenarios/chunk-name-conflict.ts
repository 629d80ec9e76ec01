import { EventType } from '@ag-ui/core';
import type { Scenario } from './types.js';
import { idsFor, runFinished, runStarted } from './build-events.js';

export const chunkNameConflict: Scenario = {
  name: 'chunk-name-conflict',
  title: 'Chunk continuation renames the call (client rejects)',
  description:
    'A TOOL_CALL_CHUNK continuation repeats toolCallName with another value; @ag-ui/client 1.0 fails the run.',
  prompt: 'Look up my order.',
  transport: 'sse',
  verdict: 'rejected',
  clientError: 'does not match the open stream',
  events: (input) => {
    const id = idsFor(input);
    const call = id('call-1');
    return [
      runStarted(input),
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: call, toolCallName: 'lookup_order', delta: '{"order":' },
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: call, toolCallName: 'cancel_order', delta: '"A-17"}' },
      runFinished(input, { type: 'success' }),
    ];
  },
};
