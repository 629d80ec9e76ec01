import { describe, expect, it } from 'vitest';
import { sseBody } from './sse-text.js';

describe('sseBody', () => {
  it('writes an id line only when the EventSource id changes, and event names', () => {
    const { body, events } = sseBody([
      { data: '{"type":"A"}', type: 'A', at: 0, id: '' },
      { data: '{"type":"B"}', type: 'B', at: 1, id: '4' },
      { data: 'x\ny', type: 'C', at: 2, id: '4', event: 'custom' },
      { data: 'z', type: 'D', at: 3, id: '' },
    ]);
    const text = new TextDecoder().decode(body);
    expect(text.split('\n\n')).toEqual([
      'data: {"type":"A"}',
      'id: 4\ndata: {"type":"B"}',
      'event: custom\ndata: x\ndata: y',
      'id: \ndata: z',
      '',
    ]);
    expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
  });
});
