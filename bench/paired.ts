// Samples of two setups timed in turns, with each round's ratio kept: on a shared machine
// the median of per-round ratios is steadier than the ratio of medians (a round's load hits
// both sides alike).
/** The q-quantile (0..1) of `xs`, interpolated between the two nearest ranks. */
export const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, s.length - 1);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (at - lo);
};

export const median = (xs: readonly number[]): number => quantile(xs, 0.5);

export type Paired<K extends string> = Record<K, number[]> & { readonly ratio: number[] };

export function paired<K extends string>(num: K, den: K): Paired<K> {
  return { [num]: [], [den]: [], ratio: [] } as unknown as Paired<K>;
}

/** One round's two figures, and `num / den`. */
export function addRound<K extends string>(acc: Paired<K>, round: Record<K, number>, num: K, den: K): void {
  acc[num].push(round[num]);
  acc[den].push(round[den]);
  acc.ratio.push(round[num] / round[den]);
}

/**
 * A distribution-free confidence interval for the median of `xs` (default 95 %): the order
 * statistics `k` in from each end, `k` the largest with P(Binomial(n, ½) < k) ≤ (1 − level) / 2.
 * Unlike the IQR of the samples (their spread, which more rounds do not narrow), it narrows as
 * rounds are added. Undefined with too few samples for the level (n < 6 at 95 %).
 */
export function medianCi(xs: readonly number[], level = 0.95): { lo: number; hi: number } | undefined {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const tail = (1 - level) / 2;
  // P(X = i) for X ~ Binomial(n, ½), summed from i = 0 while the sum stays within the tail.
  let p = 0.5 ** n;
  let cdf = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (cdf + p > tail) break;
    cdf += p;
    k = i + 1;
    p = (p * (n - i)) / (i + 1);
  }
  if (k === 0) return undefined;
  return { lo: s[k - 1] as number, hi: s[n - k] as number };
}
