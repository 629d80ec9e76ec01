import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyLog, inEdit, logAppend, logFrom, logSet, logToArray, type Log } from './log.js';

const range = (n: number, f: (i: number) => string = (i) => `v${i}`): string[] => Array.from({ length: n }, (_, i) => f(i));

describe('Log', () => {
  it('outside an edit, set and append leave every earlier version as it was', () => {
    const v0 = logFrom(range(130));
    const v1 = logSet(v0, 70, 'x');
    const v2 = logAppend(v1, 'y');
    const v3 = logSet(v2, 70, 'z');
    expect(logToArray(v0)).toEqual(range(130));
    expect(logToArray(v1)[70]).toBe('x');
    expect(logToArray(v2)).toHaveLength(131);
    expect(logToArray(v3)[70]).toBe('z');
    expect(logToArray(v1)[70]).toBe('x');
  });

  it('in an edit, a version made before the edit never changes', () => {
    const published = logFrom(range(200));
    const snapshot = logToArray(published);
    const last = inEdit(() => {
      let log = published;
      for (let i = 0; i < 200; i += 3) log = logSet(log, i, `e${i}`);
      for (let i = 0; i < 70; i++) log = logAppend(log, `a${i}`);
      return logSet(log, 199, 'end');
    });
    expect(logToArray(published)).toEqual(snapshot);
    expect(logToArray(last)[199]).toBe('end');
    expect(logToArray(last)[3]).toBe('e3');
    expect(last.length).toBe(270);
  });

  it('in an edit, a second set in the same chunk writes the arrays the first one made', () => {
    const published = logFrom(range(300));
    inEdit(() => {
      const a = logSet(published, 10, 'a');
      const b = logSet(a, 20, 'b');
      expect(b.chunks).toBe(a.chunks);
      expect(b.chunks[0]).toBe(a.chunks[0]);
      // The arrays were copied once, on the first set: the published ones are untouched.
      expect(a.chunks).not.toBe(published.chunks);
      expect(a.chunks[0]).not.toBe(published.chunks[0]);
    });
    // Outside an edit every set copies again.
    const c = logSet(published, 10, 'c');
    const d = logSet(c, 20, 'd');
    expect(d.chunks[0]).not.toBe(c.chunks[0]);
    expect(logToArray(c)[20]).toBe('v20');
  });

  it('what one edit returned is not written by the next edit', () => {
    const first = inEdit(() => logSet(logSet(logFrom(range(100)), 1, 'one'), 2, 'two'));
    const copy = logToArray(first);
    const second = inEdit(() => logSet(logSet(first, 1, 'uno'), 2, 'dos'));
    expect(logToArray(first)).toEqual(copy);
    expect(logToArray(second).slice(0, 3)).toEqual(['v0', 'uno', 'dos']);
  });

  it('an edit that throws still ends: later sets copy', () => {
    const log = logFrom(range(10));
    expect(() =>
      inEdit(() => {
        logSet(log, 1, 'x');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const a = logSet(log, 1, 'a');
    const b = logSet(a, 2, 'b');
    expect(b.chunks[0]).not.toBe(a.chunks[0]);
  });

  it('property: versions published between edits always equal a plain-array model', () => {
    type Op = { kind: 'append'; value: number } | { kind: 'set'; at: number; value: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), value: fc.integer() }),
      fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.integer() }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 80 }), { maxLength: 12 }), (edits) => {
        let log: Log<number> = emptyLog();
        let plain: number[] = [];
        const published: [Log<number>, number[]][] = [];
        for (const ops of edits) {
          log = inEdit(() => {
            let l = log;
            for (const o of ops) {
              if (o.kind === 'append') {
                l = logAppend(l, o.value);
                plain.push(o.value);
              } else if (l.length > 0) {
                const at = o.at % l.length;
                l = logSet(l, at, o.value);
                plain[at] = o.value;
              }
            }
            return l;
          });
          published.push([log, plain]);
          plain = [...plain];
        }
        for (const [version, expected] of published) expect(logToArray(version)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
