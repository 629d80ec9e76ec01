import { describe, expect, it } from 'vitest';
import { redactJsonText } from './json-lex.js';
import { createReport } from './options.js';

const data = (text: string, hideLengths = false) =>
  redactJsonText(text, { k: 'data' }, { options: { hideLengths }, report: createReport() }).text;

describe('redactJsonText', () => {
  it('masks values in place and keeps keys, whitespace and validity', () => {
    const text = '{ "name": "Alice", "n": -12.5, "ok": true, "list": [1, "x"], "none": null }';
    const out = data(text);
    expect(out).toBe('{ "name": "*****", "n": -10.0, "ok": false, "list": [0, "*"], "none": null }');
    expect(JSON.parse(out)).toMatchObject({ name: '*****', ok: false });
  });

  it('keeps broken JSON broken and masks what is not JSON, a stray string included', () => {
    expect(data('{"a" "secret"}')).toBe('{"*" "******"}');
    expect(data('{"city": "Lis')).toBe('{"city": "***');
    expect(data('[DONE]')).toBe('[****]');
    expect(data('{"a":1}{"b":"cd"}')).toBe('{"a":0}{"b":"**"}');
  });

  it('redacts a string that holds JSON as JSON', () => {
    expect(JSON.parse(data(JSON.stringify({ args: JSON.stringify({ q: 'Lisbon', n: 42 }) })))).toEqual({
      args: '{"q":"******","n":10}',
    });
  });

  it('hides lengths with a fixed token when asked', () => {
    expect(data('{"a":"Lisbon","b":123456}', true)).toBe('{"a":"[redacted]","b":0}');
    expect(data('{"empty":""}', true)).toBe('{"empty":""}');
  });

  it('never breaks a line: a string ends at a raw line break', () => {
    expect(data('{"a":"x\n"}')).toBe('{"a":"*\n"*');
  });

  it('keeps structure only at protocol positions', () => {
    const event = (e: unknown, type: string) =>
      JSON.parse(
        redactJsonText(
          JSON.stringify(e),
          { k: 'event', type, slot: 0 },
          { options: { hideLengths: false }, report: createReport() },
        ).text,
      ) as unknown;
    expect(
      event(
        {
          type: 'TOOL_CALL_RESULT',
          messageId: 'm',
          toolCallId: 'c',
          content: [
            { type: 'text', text: 'Lisbon' },
            { type: 'binary', mimeType: 'image/png', url: 'https://x/a?b' },
          ],
        },
        'TOOL_CALL_RESULT',
      ),
    ).toEqual({
      type: 'TOOL_CALL_RESULT',
      messageId: 'm',
      toolCallId: 'c',
      content: [
        { type: 'text', text: '******' },
        { type: 'binary', mimeType: 'image/png', url: '*************' },
      ],
    });
    expect(
      event(
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/customer/name', value: { name: 'Al', id: 7 } }] },
        'STATE_DELTA',
      ),
    ).toEqual({
      type: 'STATE_DELTA',
      delta: [{ op: 'replace', path: '/customer/name', value: { name: '**', id: 0 } }],
    });
    expect(
      event({ type: 'CUSTOM', name: 'progress', value: { type: 'x', role: 'user', status: 'VIP' } }, 'CUSTOM'),
    ).toEqual({ type: 'CUSTOM', name: 'progress', value: { type: '*', role: '****', status: '***' } });
    expect(
      event({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant', name: 'Ann' }, 'TEXT_MESSAGE_START'),
    ).toEqual({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant', name: '***' });
  });
});
