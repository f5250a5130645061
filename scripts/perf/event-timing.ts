/**
 * Event Timing entries (PerformanceObserver type "event") turned into interactions, as INP counts
 * them: the events of one tap or key press share an interactionId, and the interaction lasts as
 * long as its longest event (from the input's timestamp to the next paint after its handlers).
 */
import { z } from "zod";
import { median } from "./cpu-calibration";

/** The fields of a PerformanceEventTiming entry the benchmark keeps, as copied out of the page. */
export const eventTimingEntrySchema = z.object({
  name: z.string(),
  interactionId: z.number(),
  startTime: z.number(),
  duration: z.number(),
  processingStart: z.number(),
  processingEnd: z.number(),
});
export type EventTimingEntry = z.infer<typeof eventTimingEntrySchema>;

export type Interaction = {
  interactionId: number;
  /** The longest of its events' durations: the interaction's latency. */
  duration: number;
  /** Its longest event: input delay, handlers, and the wait for the paint after them. */
  slowest: EventTimingEntry;
};

/**
 * The interactions whose events started in [from, to): one per interactionId, slowest first.
 * Entries without an interactionId (hover, scroll, input from script) are not interactions.
 */
export function interactionsBetween(
  entries: readonly EventTimingEntry[],
  from: number,
  to: number,
): Interaction[] {
  const byId = new Map<number, Interaction>();
  for (const entry of entries) {
    if (entry.interactionId <= 0 || entry.startTime < from || entry.startTime >= to) continue;
    const known = byId.get(entry.interactionId);
    if (!known || entry.duration > known.duration) {
      byId.set(entry.interactionId, {
        interactionId: entry.interactionId,
        duration: entry.duration,
        slowest: entry,
      });
    }
  }
  return [...byId.values()].sort((a, b) => b.duration - a.duration);
}

/** Where an interaction's time went: waiting to start, its handlers, then rendering to the paint. */
export function phasesOf(entry: EventTimingEntry): {
  inputDelay: number;
  processing: number;
  presentation: number;
} {
  const inputDelay = entry.processingStart - entry.startTime;
  const processing = entry.processingEnd - entry.processingStart;
  return { inputDelay, processing, presentation: entry.duration - inputDelay - processing };
}

/**
 * An interaction faster than the API's 16 ms floor leaves no entry: `null`, counted as 16 ms (at
 * most that).
 */
export const EVENT_TIMING_FLOOR_MS = 16;

/** One interaction of a benchmark, measured on each walk (null: under the floor). */
export type Sampled = { label: string; durations: readonly (number | null)[] };

/**
 * Each interaction's median over the walks, and the slowest of those medians: a page's figure,
 * robust to one walk that the host's load slowed.
 */
export function summarise(sampled: readonly Sampled[]): {
  medians: { label: string; median: number }[];
  slowest: { label: string; median: number };
} {
  if (sampled.length === 0) throw new Error("summarise: no interactions");
  const medians = sampled.map(({ label, durations }) => {
    if (durations.length === 0) throw new Error(`summarise: "${label}" was never measured`);
    return { label, median: median(durations.map((d) => d ?? EVENT_TIMING_FLOOR_MS)) };
  });
  const slowest = medians.reduce((worst, row) => (row.median > worst.median ? row : worst));
  return { medians, slowest };
}
