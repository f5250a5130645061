import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureLogs, type LogLine } from "@/lib/log";
import type { callFunctionOutbox } from "./forward";
import { DRAIN_RETRY_MS, FunctionOutboxDrain } from "./function-outbox";

const CONFIG = {
  url: "http://127.0.0.1:9",
  secretKey: "sb_secret_k",
  leadFunction: "crm-lead",
};
const MINUTE = 60_000;
let logs: LogLine[];
let restore: () => void;
beforeEach(() => {
  logs = [];
  restore = captureLogs(logs);
});
afterEach(() => {
  restore();
  vi.useRealTimers();
});

/** The function's drain, answering `nextDueAt` (a time `ms` from now, or null) and counting calls. */
function drainAnswering(nextInMs: () => number | null) {
  const asked: unknown[] = [];
  const call: typeof callFunctionOutbox = async (_config, command) => {
    asked.push(command);
    const due = nextInMs();
    return {
      ok: true,
      answer: {
        success: true,
        drained: { sent: 2, retry: 1, dead: 0 },
        nextDueAt: due === null ? null : new Date(Date.now() + due).toISOString(),
      },
    };
  };
  return { asked, call };
}

describe("each server's drain of the function's CRM outbox", () => {
  it("asks for a drain, signed like a delivery, and logs what was retried or refused", async () => {
    const { asked, call } = drainAnswering(() => null);
    expect(await new FunctionOutboxDrain(CONFIG, DRAIN_RETRY_MS, call).drainOnce()).toBe(true);
    expect(asked).toEqual([{ action: "drain" }]);
    expect(logs).toMatchObject([
      { event: "function_outbox.drained", reason: "sent 2, retry 1, dead 0" },
    ]);
  });

  it("logs a failed drain and answers false", async () => {
    const call: typeof callFunctionOutbox = async () => ({ ok: false, error: "Network error" });
    expect(await new FunctionOutboxDrain(CONFIG, DRAIN_RETRY_MS, call).drainOnce()).toBe(false);
    expect(logs).toMatchObject([
      { level: "warn", event: "function_outbox.drain_failed", reason: "Error: Network error" },
    ]);
  });

  it("an idle server asks once at start and nothing in the next hour; a post owed brings one drain at its due time", async () => {
    vi.useFakeTimers();
    let next: number | null = null;
    const { asked, call } = drainAnswering(() => next);
    const drain = new FunctionOutboxDrain(CONFIG, DRAIN_RETRY_MS, call);
    drain.start();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(asked).toHaveLength(1);
    expect(drain.waiting).toBe(false);
    await drain.stop();

    next = 5 * MINUTE;
    const owing = new FunctionOutboxDrain(CONFIG, DRAIN_RETRY_MS, call);
    owing.start();
    await vi.advanceTimersByTimeAsync(0);
    next = null;
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(asked).toHaveLength(3);
    await owing.stop();
  });
});
