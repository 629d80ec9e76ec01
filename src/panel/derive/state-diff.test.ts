import { describe, expect, it } from 'vitest';
import { compactJson, stateDiff } from './state-diff.js';

describe('state diff', () => {
  it('lists added, removed and changed paths with the values before and after, by path', () => {
    const a = { trip: { destination: 'Lisbon', nights: 3 }, items: [{ kind: 'flight' }], status: 'planning' };
    const b = { trip: { city: 'Lisbon', nights: 4 }, items: [{ kind: 'flight' }, { kind: 'hotel' }], status: 'booked' };
    expect(stateDiff(a, b)).toEqual([
      { kind: 'added', path: '/items/1', after: { kind: 'hotel' } },
      { kind: 'changed', path: '/status', before: 'planning', after: 'booked' },
      { kind: 'added', path: '/trip/city', after: 'Lisbon' },
      { kind: 'removed', path: '/trip/destination', before: 'Lisbon' },
      { kind: 'changed', path: '/trip/nights', before: 3, after: 4 },
    ]);
  });

  it('is empty for equal states, and the reverse diff swaps additions and removals', () => {
    const a = { x: [1, 2], y: { z: null } };
    expect(stateDiff(a, structuredClone(a))).toEqual([]);
    const fwd = stateDiff({ a: 1 }, { b: 2 });
    const back = stateDiff({ b: 2 }, { a: 1 });
    expect(fwd.map((c) => c.kind).sort()).toEqual(['added', 'removed']);
    expect(back.find((c) => c.path === '/a')?.kind).toBe('added');
    expect(fwd.find((c) => c.path === '/a')?.kind).toBe('removed');
  });

  it('compares non-objects whole (no state yet, a string state, an array against an object)', () => {
    expect(stateDiff(undefined, { a: 1 })).toEqual([{ kind: 'added', path: '', after: { a: 1 } }]);
    expect(stateDiff({ a: 1 }, undefined)).toEqual([{ kind: 'removed', path: '', before: { a: 1 } }]);
    expect(stateDiff('x', 'y')).toEqual([{ kind: 'changed', path: '', before: 'x', after: 'y' }]);
    expect(stateDiff([1], { 0: 1 })).toHaveLength(1);
    expect(stateDiff(undefined, undefined)).toEqual([]);
  });

  it('keeps keys that look like prototype paths as plain data', () => {
    const b = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
    const changes = stateDiff({}, b);
    expect(changes).toEqual([{ kind: 'added', path: '/__proto__', after: { polluted: true } }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('shows values compactly', () => {
    expect(compactJson({ a: 'x'.repeat(500) }, 20)).toHaveLength(20);
    expect(compactJson(undefined)).toBe('undefined');
    expect(compactJson(1n)).toBe('(not JSON)');
  });
});
