/**
 * The p-th percentile by nearest rank: the smallest value that at least p% of the values do not
 * exceed, so every percentile is a value that was seen.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of nothing");
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], not ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);
