import { describe, expect, it } from 'vitest';
import type { ArgsDelta, ToolCallModel } from '../model/types.js';
import { partialArgsAt } from './partial-view.js';

function callOf(deltas: readonly string[], segments: readonly number[] = []): ToolCallModel {
  const log: ArgsDelta[] = [];
  let args = '';
  deltas.forEach((d, i) => {
    log.push({ event: i, t: i, offset: args.length, length: d.length, segment: segments[i] ?? 0 });
    args += d;
  });
  return {
    version: 1,
    toolCallId: 'c',
    name: 'n',
    names: ['n'],
    frontend: false,
    advertised: false,
    status: 'closed',
    segments: [],
    deltas: log,
    args,
    json: { state: 'valid' },
    schema: { state: 'not-applicable' },
    results: [],
    fromChunks: false,
  };
}

describe('partialArgsAt', () => {
  const call = callOf(['{"city":"Par', 'is","days":[1,', '2]}']);

  it('parses each prefix as far as it goes', () => {
    expect(partialArgsAt(call, 0)).toEqual({ text: '{"city":"Par', segment: 0, value: { city: 'Par' } });
    expect(partialArgsAt(call, 1).value).toEqual({ city: 'Paris', days: [1] });
    expect(partialArgsAt(call, 2).value).toEqual({ city: 'Paris', days: [1, 2] });
  });

  it('reports empty text and text that is no JSON prefix instead of throwing', () => {
    expect(partialArgsAt(callOf([]), 0).error).toBe('no argument text yet');
    const restreamed = callOf(['{}', '{"a"'], [0, 1]);
    const p = partialArgsAt(restreamed, 1);
    expect(p.text).toBe('{}{"a"');
    expect(p.segment).toBe(1);
    expect(p.value).toBeUndefined();
    expect(p.error).toBeTruthy();
  });
});
