/**
 * The figures of a load run (scripts/perf/throughput.ts): requests per second over the run's wall
 * time, and latency percentiles by nearest rank.
 */

/**
 * The p-th percentile of `values` by nearest rank: the smallest value that at least p% of the
 * values do not exceed (so p100 is the maximum and every percentile is a latency that was seen).
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of nothing");
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], not ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[rank - 1] as number;
}

export type LoadFigures = {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
};

/** The figures of `latenciesMs` (one per request) answered within `wallMs` from the first send. */
export function loadFigures(latenciesMs: readonly number[], wallMs: number): LoadFigures {
  if (!(wallMs > 0)) throw new Error(`the run's wall time must be positive, not ${wallMs}`);
  return {
    requests: latenciesMs.length,
    requestsPerSecond: (latenciesMs.length * 1000) / wallMs,
    p50: percentile(latenciesMs, 50),
    p95: percentile(latenciesMs, 95),
    p99: percentile(latenciesMs, 99),
  };
}
