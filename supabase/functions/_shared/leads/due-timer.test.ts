import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dueTimer, RETRY_MS } from "./due-timer.ts";

const MIN_WAIT_MS = 1_000;

/**
 * A task whose runs end when the test says, each with the due time it is told (or a failure);
 * counts the runs started and the most at once.
 */
function heldTask() {
  const endings: Array<(outcome: Date | null | Error) => void> = [];
  let running = 0;
  const task = {
    started: 0,
    mostAtOnce: 0,
    run: () =>
      new Promise<Date | null>((resolve, reject) => {
        task.started += 1;
        running += 1;
        task.mostAtOnce = Math.max(task.mostAtOnce, running);
        endings.push((outcome) => {
          running -= 1;
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        });
      }),
    /** Ends the oldest run in flight with `outcome`, and lets the timer see it. */
    async end(outcome: Date | null | Error = null) {
      endings.shift()?.(outcome);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
  return task;
}

/** A due time `ms` from now, on the fake clock. */
const inMs = (ms: number) => new Date(Date.now() + ms);

let failures: unknown[];
beforeEach(() => {
  vi.useFakeTimers();
  failures = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const timerOf = (task: ReturnType<typeof heldTask>) =>
  dueTimer({ task: task.run, failed: (error) => failures.push(error) });

describe("a process's due timer", () => {
  it("with nothing owed, runs once at start and then never again: no timer, no request", async () => {
    const task = heldTask();
    const timer = timerOf(task);
    expect(task.started).toBe(1);
    await task.end(null);
    expect(timer.waiting).toBe(false);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(task.started).toBe(1);
    await timer.stop();
  });

  it("sets one timer for the next due time, never runs while one runs", async () => {
    const task = heldTask();
    const timer = timerOf(task);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(task.started).toBe(1); // still running: no second run, however long it takes
    await task.end(inMs(45_000));
    expect(timer.waiting).toBe(true);
    await vi.advanceTimersByTimeAsync(45_000 - 1);
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(2);
    await task.end(null);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 10);
    expect(task.started).toBe(2);
    expect(task.mostAtOnce).toBe(1);
    await timer.stop();
  });

  it("looks at a due time already past a moment later, not in a tight loop", async () => {
    const task = heldTask();
    const timer = timerOf(task);
    await task.end(inMs(-5_000));
    await vi.advanceTimersByTimeAsync(MIN_WAIT_MS - 1);
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(2);
    await task.end(null);
    await timer.stop();
  });

  it("a kick runs it now and replaces the timer; a kick during a run runs it once more as soon as that one ends", async () => {
    const task = heldTask();
    const timer = timerOf(task);
    await task.end(inMs(30_000));
    timer.kick();
    expect(task.started).toBe(2);
    timer.kick();
    timer.kick();
    expect(task.started).toBe(2);
    await task.end(inMs(30_000));
    expect(task.started).toBe(3);
    await task.end(null);
    // The first run's timer went with the kick: nothing is due any more.
    await vi.advanceTimersByTimeAsync(RETRY_MS * 10);
    expect(task.started).toBe(3);
    expect(task.mostAtOnce).toBe(1);
    await timer.stop();
  });

  it("logs a failed run and tries again after the retry period", async () => {
    const task = heldTask();
    const timer = timerOf(task);
    await task.end(new Error("the function is unreachable"));
    expect(failures).toEqual([new Error("the function is unreachable")]);
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(2);
    await task.end();
    await timer.stop();
  });

  it("stop waits for the run in flight, then nothing runs again, kicked or due", async () => {
    const task = heldTask();
    const timer = timerOf(task);
    timer.kick();
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await task.end(inMs(10_000));
    await stopping;
    timer.kick();
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(task.started).toBe(1);
    expect(timer.waiting).toBe(false);
  });
});
