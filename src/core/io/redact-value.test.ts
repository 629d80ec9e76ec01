import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactEvents } from './redact-events.js';
import { redactJsonText, redactText, redactValue } from './redact-value.js';

/** Every string leaf of a JSON value, keys excluded. */
function stringLeaves(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringLeaves);
  if (v && typeof v === 'object') return Object.values(v).flatMap(stringLeaves);
  return [];
}

describe('redactJsonText', () => {
  it('masks values, keeps keys, structure and length', () => {
    const text = '{"city": "Lisbon", "tags": ["a\\"b", "ü"], "n": 3}';
    const out = redactJsonText(text);
    expect(out).toHaveLength(text.length);
    const parsed = JSON.parse(out) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['city', 'tags', 'n']);
    expect(parsed['n']).toBe(3);
    expect(out).not.toMatch(/Lisbon|ü/);
  });

  it('keeps JSON validity for any JSON value (structure preserved, no string survives)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const out = redactJsonText(text);
        expect(out.length).toBe(text.length);
        const back = JSON.parse(out) as unknown;
        for (const leaf of stringLeaves(back)) expect(leaf).toMatch(/^\**$/);
      }),
    );
  });

  it('handles partial and concatenated JSON', () => {
    expect(redactJsonText('{"q":"abc"}{"q":"de')).toBe('{"q":"***"}{"q":"**');
  });
});

describe('redactText', () => {
  it('masks non-JSON text at the same length', () => {
    expect(redactText('call me maybe')).toBe('*************');
  });
});

describe('redactValue', () => {
  it('keeps protocol identifiers and schemas, masks the rest, and reports paths', () => {
    const paths: string[] = [];
    const input = {
      threadId: 't1',
      runId: 'r1',
      messages: [{ id: 'm1', role: 'user', content: 'my card is 4111' }],
      tools: [{ name: 'book', description: 'Books a hotel', parameters: { type: 'object', properties: { hotel: { type: 'string', description: 'secret prose' } } } }],
      state: { user: { email: 'a@b.c' } },
    };
    const out = redactValue(input, 'body', (p) => paths.push(p)) as typeof input;
    expect(out.threadId).toBe('t1');
    expect(out.messages[0]).toEqual({ id: 'm1', role: 'user', content: '***************' });
    expect(out.tools[0]!.name).toBe('book');
    expect(out.tools[0]!.parameters.properties.hotel.type).toBe('string');
    expect(JSON.stringify(out)).not.toMatch(/4111|Books a hotel|secret prose|a@b\.c/);
    expect(paths).toEqual([
      'body.messages[0].content',
      'body.tools[0].description',
      'body.tools[0].parameters.properties.hotel.description',
      'body.state.user.email',
    ]);
  });
});

describe('redactEvents', () => {
  it('redacts a call\'s argument deltas as one JSON text and cuts them at the same boundaries', () => {
    const deltas = ['{"hotel":"Av', 'enida","nig', 'hts":2}'];
    const items = [
      { t: 0, payload: { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'book' } },
      ...deltas.map((delta) => ({ t: 0, payload: { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta } })),
      { t: 0, payload: { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'r', content: 'Booked for Ana' } },
    ];
    const paths: string[] = [];
    const out = redactEvents(items, 'e', (p) => paths.push(p)) as Record<string, unknown>[];
    const args = out.slice(1, 4).map((e) => e['delta'] as string);
    expect(args.map((a) => a.length)).toEqual(deltas.map((d) => d.length));
    expect(JSON.parse(args.join(''))).toEqual({ hotel: '*******', nights: 2 });
    expect(out[0]).toEqual(items[0]!.payload);
    expect(out[4]!['content']).toBe('**************');
    expect(paths).toEqual(['e[1].delta', 'e[2].delta', 'e[4].content']);
  });

  it('groups id-less chunks with the chunked call before them', () => {
    const items = [
      { t: 0, payload: { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'n', delta: '{"a":"x' } },
      { t: 0, payload: { type: 'TOOL_CALL_CHUNK', delta: 'yz"}' } },
    ];
    const out = redactEvents(items, 'e', () => {}) as Record<string, unknown>[];
    expect(`${out[0]!['delta'] as string}${out[1]!['delta'] as string}`).toBe('{"a":"***"}');
  });
});
