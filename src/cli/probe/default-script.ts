// The built-in script: one step of each kind, with prompts a model-backed agent can
// follow. Servers that pick behaviour by other means (forwardedProps, routes) use a
// script file instead (docs/probe.md).
import type { ProbeScript } from './script.js';

const CONFIRM_TOOL = {
  name: 'probe_confirm',
  description: 'Ask the user to confirm something. Always call this tool when asked to confirm.',
  parameters: {
    type: 'object',
    properties: { question: { type: 'string', description: 'What the user must confirm' } },
    required: ['question'],
  },
};

export const DEFAULT_SCRIPT: ProbeScript = {
  steps: [
    {
      name: 'text-turn',
      kind: 'turn',
      messages: [{ role: 'user', content: 'Reply with one short sentence.' }],
    },
    {
      name: 'frontend-tool',
      kind: 'frontend-tool',
      tools: [CONFIRM_TOOL],
      messages: [
        { role: 'user', content: 'Call the probe_confirm tool to ask me to confirm the probe. Do not answer in text.' },
      ],
      toolResult: '{"confirmed":true}',
      expect: { toolCalls: ['probe_confirm'] },
    },
    {
      name: 'state',
      kind: 'state',
      state: { probe: { counter: 1, items: ['first'] } },
      messages: [{ role: 'user', content: 'Add "second" to the items in the shared state and increment the counter.' }],
    },
    {
      name: 'two-runs',
      kind: 'two-runs',
      messages: [{ role: 'user', content: 'Remember the word "pelican". Reply with one short sentence.' }],
      followUp: [{ role: 'user', content: 'Which word did I ask you to remember?' }],
    },
    {
      name: 'cancel',
      kind: 'cancel',
      messages: [{ role: 'user', content: 'Count from 1 to 300, one number per line.' }],
      cancelAfterEvents: 3,
    },
    { name: 'malformed', kind: 'malformed' },
    {
      name: 'concurrent',
      kind: 'concurrent',
      runs: 3,
      messages: [{ role: 'user', content: 'Reply with one short sentence.' }],
    },
  ],
};
