// The JSON Schema a script file must match, checked before anything is sent, so a typo
// is a clear message naming the field rather than a strange request.
import { STEP_KINDS } from './script.js';

const message = {
  type: 'object',
  required: ['role'],
  properties: { id: { type: 'string' }, role: { type: 'string' }, toolCallId: { type: 'string' } },
};

const messages = { type: 'array', items: message };

export const SCRIPT_SCHEMA = {
  type: 'object',
  required: ['steps'],
  additionalProperties: false,
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'kind'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9._-]+$' },
          kind: { enum: [...STEP_KINDS] },
          messages,
          tools: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string', minLength: 1 }, description: { type: 'string' } },
            },
          },
          state: {},
          context: { type: 'array' },
          forwardedProps: {},
          timeoutMs: { type: 'integer', minimum: 1, maximum: 3_600_000 },
          expect: {
            type: 'object',
            additionalProperties: false,
            properties: {
              events: { type: 'array', items: { type: 'string' } },
              toolCalls: { type: 'array', items: { type: 'string' } },
              state: { type: 'object' },
            },
          },
          toolResult: { type: 'string' },
          followUp: messages,
          cancelAfterEvents: { type: 'integer', minimum: 1 },
          graceMs: { type: 'integer', minimum: 1, maximum: 600_000 },
          body: { type: 'string' },
          runs: { type: 'integer', minimum: 2, maximum: 64 },
        },
      },
    },
  },
} as const;
