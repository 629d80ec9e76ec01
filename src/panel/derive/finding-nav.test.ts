import { describe, expect, it } from 'vitest';
import type { FindingGroup } from './finding-index.js';
import { moveInGroups } from './finding-nav.js';

const groups: FindingGroup[] = [
  { rule: 'a', severity: 'error', items: [5, 1] },
  { rule: 'b', severity: 'warning', items: [0, 7, 3] },
];

describe('findings keyboard order', () => {
  it('follows display order across groups and stops at the ends', () => {
    expect(moveInGroups(groups, undefined, 'next')).toBe(5);
    expect(moveInGroups(groups, undefined, 'prev')).toBe(3);
    expect(moveInGroups(groups, 1, 'next')).toBe(0);
    expect(moveInGroups(groups, 0, 'prev')).toBe(1);
    expect(moveInGroups(groups, 3, 'next')).toBe(3);
    expect(moveInGroups(groups, 5, 'prev')).toBe(5);
    expect(moveInGroups(groups, 5, { page: 1, size: 3 })).toBe(7);
    expect(moveInGroups(groups, 7, { page: -1, size: 10 })).toBe(5);
    expect(moveInGroups(groups, 99, 'last')).toBe(3);
    expect(moveInGroups([], 1, 'next')).toBeUndefined();
  });
});
