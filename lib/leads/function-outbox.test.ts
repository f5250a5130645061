import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogs, type LogLine } from "@/lib/log";
import type { callFunctionOutbox } from "./forward";
import { FunctionOutboxDrain } from "./function-outbox";

const CONFIG = {
  url: "http://127.0.0.1:9",
  anonKey: "k",
  leadFunction: "crm-lead",
  signingSecret: "s",
};
let logs: LogLine[];
let restore: () => void;
beforeEach(() => {
  logs = [];
  restore = captureLogs(logs);
});
afterEach(() => restore());

describe("each server's drain of the function's CRM outbox", () => {
  it("asks for a drain, signed like a delivery, and logs what was retried or refused", async () => {
    const asked: unknown[] = [];
    const call: typeof callFunctionOutbox = async (_config, command) => {
      asked.push(command);
      return { ok: true, answer: { success: true, drained: { sent: 2, retry: 1, dead: 0 } } };
    };
    await new FunctionOutboxDrain(CONFIG, 60_000, call).drainOnce();
    expect(asked).toEqual([{ action: "drain" }]);
    expect(logs).toMatchObject([
      { event: "function_outbox.drained", reason: "sent 2, retry 1, dead 0" },
    ]);
  });

  it("logs a failed drain and goes on (the next tick tries again)", async () => {
    const call: typeof callFunctionOutbox = async () => ({ ok: false, error: "Network error" });
    await new FunctionOutboxDrain(CONFIG, 60_000, call).drainOnce();
    expect(logs).toMatchObject([
      { level: "warn", event: "function_outbox.drain_failed", reason: "Network error" },
    ]);
  });
});
