import { describe, expect, it } from 'vitest';
import type { ToolCallModel } from '../../core/model/types.js';
import { matchesFilter, parseFilter } from '../store/filter.js';
import { callTexts, FILTER_TEXT_CAP, valueText } from './filter-texts.js';

const call = (over: Partial<ToolCallModel>): ToolCallModel =>
  ({
    toolCallId: 'c1',
    name: 'get_weather',
    names: ['get_weather'],
    frontend: false,
    advertised: false,
    status: 'result',
    segments: [],
    deltas: [],
    args: '',
    json: { state: 'empty' },
    schema: { state: 'not-applicable' },
    results: [],
    fromChunks: false,
    version: 1,
    ...over,
  }) as ToolCallModel;

const finds = (text: string, c: ToolCallModel): boolean => matchesFilter(parseFilter(text), callTexts(c));

describe('filter texts of a call', () => {
  it('match argument values, string and structured results, and answers', () => {
    expect(finds('oslo', call({ args: '{"city":"Oslo"}' }))).toBe(true);
    expect(finds('oslo', call({ args: '{"city":"Bergen"}' }))).toBe(false);
    const result = { event: 3, t: 0, messageId: 'm', beforeEnd: false };
    expect(finds('drizzle', call({ results: [{ ...result, content: 'light drizzle' }] }))).toBe(true);
    expect(finds('drizzle', call({ results: [{ ...result, content: [{ type: 'text', text: 'Drizzle' }] }] }))).toBe(
      true,
    );
    expect(finds('declined', call({ answer: { runKey: 'k', content: null, error: 'user declined' } }))).toBe(true);
    expect(finds('-oslo', call({ args: '{"city":"Oslo"}' }))).toBe(false);
  });

  it('read untrusted values safely and only up to a cap', () => {
    expect(valueText(undefined)).toBe('');
    expect(valueText(12)).toBe('12');
    expect(valueText(10n)).toBe(''); // a BigInt does not stringify: skipped, not thrown
    const huge = `${'x'.repeat(FILTER_TEXT_CAP)}NEEDLE`;
    expect(valueText(huge)).toHaveLength(FILTER_TEXT_CAP);
    expect(valueText({ a: huge }).length).toBe(FILTER_TEXT_CAP);
  });
});
