// A family table fills each row from the family's fields, lets a row differ, and does not
// compile when a row leaves a field unstated or misspells one (`tsc` checks the expect-errors).
import { describe, expect, it } from 'vitest';
import { ruleFamily } from './rule-family.js';

const ROW = { specText: 'quoted sentence', explain: 'what to do' } as const;
const FULL = { severity: 'error', fatal: true, client: 'no', needs: 'stream', specRef: 'ref' } as const;

describe('ruleFamily', () => {
  it('gives each row the family fields it does not state, and its own where it does', () => {
    const rules = ruleFamily({ ...FULL, client: 'both' }, [
      { id: 'x/plain', ...ROW },
      { id: 'x/differs', severity: 'notice', fatal: false, next: true, ...ROW },
    ]);
    expect(rules).toEqual([
      { id: 'x/plain', severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: 'ref', ...ROW },
      {
        id: 'x/differs',
        severity: 'notice',
        fatal: false,
        client: 'both',
        next: true,
        needs: 'stream',
        specRef: 'ref',
        ...ROW,
      },
    ]);
    expect('next' in (rules[0] ?? {})).toBe(false);
  });

  it('makes a row state every field the family leaves open', () => {
    const rules = ruleFamily({ needs: 'input' }, [
      // @ts-expect-error: `client` is neither in the family nor in the row.
      { id: 'y/open', severity: 'warning', fatal: false, specRef: 'ref', ...ROW },
      // @ts-expect-error: `fatl` is no field of a rule.
      { id: 'y/typo', severity: 'warning', fatal: false, client: 'no', specRef: 'ref', ...ROW, fatl: true },
    ]);
    // @ts-expect-error: a family states only the fields rules share, spelt right.
    const misspelt = ruleFamily({ sevrity: 'error' }, [{ id: 'z/one', ...FULL, ...ROW }]);
    expect([...rules, ...misspelt].map((r) => r.id)).toEqual(['y/open', 'y/typo', 'z/one']);
  });
});
