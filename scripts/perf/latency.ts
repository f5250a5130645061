/**
 * The p-th percentile by nearest rank: the smallest value that at least p% of the values do not
 * exceed, so every percentile is a value that was seen.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** "a", or "a–b" when the values differ once shown as `format` shows them. */
export function range(values: readonly number[], format: (value: number) => string): string {
  const [low, high] = [format(Math.min(...values)), format(Math.max(...values))];
  return low === high ? low : `${low}–${high}`;
}
