import { describe, expect, it } from 'vitest';
import { distinguishingParts, partOf } from './distinguishing-part.js';

describe('distinguishingParts', () => {
  it('keeps the end that tells ids differing only in their last characters apart', () => {
    const ids = [
      'call_f96ee2b1-4c2e-4f7a-9d0b-6c1ed0cdd61c-a',
      'call_f96ee2b1-4c2e-4f7a-9d0b-6c1ed0cdd61c-b',
      'call_f96ee2b1-4c2e-4f7a-9d0b-6c1ed0cdd61c-c',
    ];
    const parts = distinguishingParts(ids);
    const shown = ids.map((id) => parts.get(id)?.text);
    expect(new Set(shown).size).toBe(3);
    expect(shown[0]).toBe('…1c-a');
    expect(parts.get(ids[0] ?? '')?.side).toBe('end');
  });

  it('keeps at least the minimum number of characters of UUIDs that differ everywhere', () => {
    const a = 'c412ab8d-dd10-4b54-b23c-0f7e9a1b2c3d';
    const b = '71ef752b-0470-45a6-b652-9a8b7c6d5e4f';
    const parts = distinguishingParts([a, b], 8);
    expect(parts.get(a)?.text).toBe('…9a1b2c3d');
    expect(parts.get(b)?.text).toBe('…7c6d5e4f');
  });

  it('keeps the start when the ids share their end', () => {
    const ids = ['1-tool-call-0000000000000000', '2-tool-call-0000000000000000'];
    const parts = distinguishingParts(ids);
    expect(parts.get(ids[0] ?? '')?.text).toBe('1-to…');
    expect(parts.get(ids[1] ?? '')?.text).toBe('2-to…');
  });

  it('shows a short id whole and a lone id by its end', () => {
    expect(distinguishingParts(['c1', 'c2']).get('c1')).toEqual({ text: 'c1', side: 'whole', kept: 'c1' });
    expect(distinguishingParts(['abcdefghij']).get('abcdefghij')?.text).toBe('…ghij');
  });

  it('does not let duplicate ids force the whole id', () => {
    const parts = distinguishingParts(['run-aaaaaaaa1', 'run-aaaaaaaa1', 'run-aaaaaaaa2']);
    expect(parts.get('run-aaaaaaaa1')?.text).toBe('…aaa1');
  });

  it('partOf saves nothing on ids barely longer than what it keeps', () => {
    expect(partOf('abcde', 4).text).toBe('abcde');
    expect(partOf('abcdef', 4).text).toBe('…cdef');
    expect(partOf('abcdef', 4, 'start').text).toBe('abcd…');
  });
});
