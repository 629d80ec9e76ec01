import { describe, expect, it } from 'vitest';
import { createKeyedLog } from './keyed-log.js';
import { emptyLog, logFrom } from './log.js';

type Item = { readonly id: string; readonly v: number };
const keyed = () => createKeyedLog<Item>((x) => x.id);

describe('keyed log', () => {
  it('finds items by key across appends and sets', () => {
    const k = keyed();
    let log = emptyLog<Item>();
    for (let i = 0; i < 200; i++) log = k.append(log, { id: `k${i}`, v: i });
    log = k.set(log, 150, { id: 'k150', v: -1 });
    expect(k.find(log, 'k0')).toBe(0);
    expect(k.get(log, 'k150')).toEqual({ id: 'k150', v: -1 });
    expect(k.find(log, 'missing')).toBe(-1);
  });

  it('answers correctly for branches that put different keys in the same slot', () => {
    const k = keyed();
    const base = k.append(emptyLog<Item>(), { id: 'a', v: 0 });
    const left = k.append(base, { id: 'b', v: 1 });
    const right = k.append(k.append(base, { id: 'c', v: 1 }), { id: 'b', v: 2 });
    expect(k.find(left, 'b')).toBe(1);
    expect(k.find(right, 'b')).toBe(2);
    expect(k.find(left, 'c')).toBe(-1);
    expect(k.find(base, 'b')).toBe(-1);
  });

  it('keeps separate lineages apart even though every empty log is one object', () => {
    const k = keyed();
    const one = k.append(emptyLog<Item>(), { id: 'x', v: 1 });
    const two = k.append(k.append(emptyLog<Item>(), { id: 'y', v: 1 }), { id: 'x', v: 2 });
    expect(k.get(one, 'x')?.v).toBe(1);
    expect(k.get(two, 'x')?.v).toBe(2);
  });

  it('indexes a log it never saw (a deserialized model)', () => {
    const k = keyed();
    const log = logFrom([{ id: 'p', v: 1 }, { id: 'q', v: 2 }]);
    expect(k.find(log, 'q')).toBe(1);
    expect(k.find(k.append(log, { id: 'r', v: 3 }), 'r')).toBe(2);
  });
});
