import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailSettings } from "@/lib/env";
import { captureLogs, type LogLine } from "@/lib/log";
import { RETRY_MS } from "@shared/leads/due-timer";
import { mailSender, type MailPort } from "./mail-sender";

const SETTINGS: MailSettings = {
  smtpUrl: "smtp://127.0.0.1:9",
  notifyTo: ["owner@example.com"],
  from: { name: "Suncoast Shine", address: "quotes@example.com" },
  windowMs: 120_000,
  settleMs: 15_000,
};
const MINUTE = 60_000;

/**
 * An outbox with nothing to send now, whose claims answer the next due time the test sets (a time
 * `ms` from now, or null); it counts the claims, each of which is a request to the function.
 */
function emptyOutbox() {
  const outbox: { claims: number; nextInMs: number | null; failing: boolean; port: MailPort } = {
    claims: 0,
    nextInMs: null,
    failing: false,
    port: {
      claim: async () => {
        outbox.claims += 1;
        if (outbox.failing) throw new Error("HTTP 503 from the lead function");
        const due = outbox.nextInMs;
        return { jobs: [], nextDueAt: due === null ? null : new Date(Date.now() + due) };
      },
      report: async () => expect.fail("nothing was claimed"),
    },
  };
  return outbox;
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

describe("a server's e-mail sender", () => {
  it("with nothing owed, claims once at start and makes no request for the next hour", async () => {
    const outbox = emptyOutbox();
    const sender = mailSender(outbox.port, SETTINGS);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(outbox.claims).toBe(1);
    expect(sender.waiting).toBe(false);
    await sender.stop();
  });

  it("a change it stored makes one claim; an e-mail due later makes one more, at its time", async () => {
    const outbox = emptyOutbox();
    const sender = mailSender(outbox.port, SETTINGS);
    await vi.advanceTimersByTimeAsync(0);
    // The visitor finished: the owner's e-mail falls due one settle period later.
    outbox.nextInMs = SETTINGS.settleMs;
    sender.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.claims).toBe(2);
    outbox.nextInMs = null;
    await vi.advanceTimersByTimeAsync(SETTINGS.settleMs - 1);
    expect(outbox.claims).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(outbox.claims).toBe(3);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(outbox.claims).toBe(3);
    await sender.stop();
  });

  it("a failed claim is logged and tried again once after the retry period", async () => {
    const outbox = emptyOutbox();
    outbox.failing = true;
    const sender = mailSender(outbox.port, SETTINGS);
    await vi.advanceTimersByTimeAsync(0);
    expect(logs).toMatchObject([
      {
        level: "error",
        event: "mail_sender.failed",
        reason: "Error: HTTP 503 from the lead function",
      },
    ]);
    outbox.failing = false;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(outbox.claims).toBe(2);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(outbox.claims).toBe(2);
    await sender.stop();
  });
});
