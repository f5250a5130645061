import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureLogs, type LogLine } from "@/lib/log";
import { Poller } from "./poller";

const EVERY_MS = 10_000;

/** A task whose runs end when the test says; counts the runs started and the most at once. */
function heldTask() {
  const endings: Array<(failure?: Error) => void> = [];
  let running = 0;
  const task = {
    started: 0,
    mostAtOnce: 0,
    run: () =>
      new Promise<void>((resolve, reject) => {
        task.started += 1;
        running += 1;
        task.mostAtOnce = Math.max(task.mostAtOnce, running);
        endings.push((failure) => {
          running -= 1;
          if (failure) reject(failure);
          else resolve();
        });
      }),
    /** Ends the oldest run in flight, and lets the loop see it. */
    async end(failure?: Error) {
      endings.shift()?.(failure);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
  return task;
}

let logs: LogLine[];
let restoreLogs: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  logs = [];
  restoreLogs = captureLogs(logs);
});
afterEach(() => {
  restoreLogs();
  vi.useRealTimers();
});

const pollerOf = (task: ReturnType<typeof heldTask>, runAtStart = true) =>
  new Poller({ name: "test_loop", everyMs: EVERY_MS, runAtStart, task: task.run });

describe("a server's polling loop", () => {
  it("runs at start, then again a full period after each run ended, never while one runs", async () => {
    const task = heldTask();
    const poller = pollerOf(task);
    poller.start();
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(EVERY_MS * 3);
    expect(task.started).toBe(1); // still running: no second run, however long it takes
    await task.end();
    await vi.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(2);
    expect(task.mostAtOnce).toBe(1);
    await task.end();
    await poller.stop();
  });

  it("waits a period before its first run when asked to", async () => {
    const task = heldTask();
    const poller = pollerOf(task, false);
    poller.start();
    expect(task.started).toBe(0);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(task.started).toBe(1);
    await task.end();
    await poller.stop();
  });

  it("a kick runs it now; a kick during a run runs it once more as soon as that one ends", async () => {
    const task = heldTask();
    const poller = pollerOf(task);
    poller.start();
    await task.end();
    poller.kick();
    expect(task.started).toBe(2);
    poller.kick();
    poller.kick();
    expect(task.started).toBe(2);
    await task.end();
    expect(task.started).toBe(3);
    await task.end();
    await vi.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(task.started).toBe(3);
    expect(task.mostAtOnce).toBe(1);
    await poller.stop();
  });

  it("runs again when its next work falls due, if that is sooner than a period", async () => {
    const task = heldTask();
    let due: Date | null = null;
    const poller = new Poller({
      name: "test_loop",
      everyMs: EVERY_MS,
      runAtStart: true,
      task: task.run,
      nextRunAt: async () => due,
    });
    poller.start();
    // An owner's e-mail queued during the run, due 3 s after it ends.
    due = new Date(Date.now() + 3_000);
    await task.end();
    await vi.advanceTimersByTimeAsync(3_000 - 1);
    expect(task.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(2);
    // Nothing owed, or not before a period: a period, as without it.
    due = new Date(Date.now() + EVERY_MS * 5);
    await task.end();
    await vi.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(task.started).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(3);
    due = null;
    await task.end();
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(task.started).toBe(4);
    await task.end();
    await poller.stop();
  });

  it("logs a failed run and goes on", async () => {
    const task = heldTask();
    const poller = pollerOf(task);
    poller.start();
    await task.end(new Error("the function is unreachable"));
    expect(logs).toMatchObject([
      { level: "error", event: "test_loop.failed", reason: "Error: the function is unreachable" },
    ]);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(task.started).toBe(2);
    await task.end();
    await poller.stop();
  });

  it("stop waits for the run in flight, then nothing runs again, kicked or not", async () => {
    const task = heldTask();
    const poller = pollerOf(task);
    poller.start();
    poller.kick();
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await task.end();
    await stopping;
    poller.kick();
    await vi.advanceTimersByTimeAsync(EVERY_MS * 3);
    expect(task.started).toBe(1);
  });
});
