// Samples of two setups timed in turns, with each round's ratio kept: on a shared machine
// the median of per-round ratios is steadier than the ratio of medians (a round's load hits
// both sides alike).
export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

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
