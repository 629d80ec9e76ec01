// Pairs the tool calls of two runs by order and name: a longest-common-subsequence diff
// (jsdiff's diffArrays) over the sequences of call names, so an extra or missing call on
// one side does not shift every pair after it.
import { diffArrays } from 'diff';

export interface Aligned<T> {
  readonly a?: T;
  readonly b?: T;
}

export function alignByName<T>(a: readonly T[], b: readonly T[], nameOf: (item: T) => string): Aligned<T>[] {
  const out: Aligned<T>[] = [];
  let i = 0;
  let j = 0;
  for (const part of diffArrays(a.map(nameOf), b.map(nameOf))) {
    const n = part.count;
    for (let k = 0; k < n; k++) {
      if (part.removed) out.push({ a: a[i++] as T });
      else if (part.added) out.push({ b: b[j++] as T });
      else out.push({ a: a[i++] as T, b: b[j++] as T });
    }
  }
  return out;
}
