import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogs, type LogLine } from "@/lib/log";
import { storeLead } from "@/tests/support/leads";
import type { DeliveryOutcome } from "./forward";
import { openLeadInbox, type LeadInbox } from "./inbox";
import { LEASE_MS } from "./outbox";
import { GIVE_UP_AFTER_MS } from "./outbox-table";
import { Relay, flushOutbox, sendDelivery, type Deliver } from "./relay";

const CONFIG = {
  url: "http://127.0.0.1:9",
  anonKey: "k",
  leadFunction: "crm-lead",
  signingSecret: "s",
};
const ANSWERS = { isPostConstruction: "no", stories: "2", frequency: "monthly" } as const;

let dir: string;
let inbox: LeadInbox;
let logs: LogLine[];
let restoreLogs: () => void;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "relay-test-"));
  inbox = openLeadInbox(path.join(dir, "leads.db"));
  logs = [];
  restoreLogs = captureLogs(logs);
});

afterEach(() => {
  restoreLogs();
  inbox.close();
  rmSync(dir, { recursive: true, force: true });
});

type Call = { key: string; kind: unknown; id: unknown };

/** A lead function that answers each call from `script` (by call number), recording every call. */
function scripted(script: (call: Call, index: number) => DeliveryOutcome) {
  const calls: Call[] = [];
  const deliver: Deliver = async (_config, { payload, idempotencyKey }) => {
    const call = {
      key: idempotencyKey,
      kind: payload.event,
      id: payload.id,
    };
    calls.push(call);
    return script(call, calls.length - 1);
  };
  return { calls, deliver };
}

const ok: DeliveryOutcome = { ok: true, created: true };
const down: DeliveryOutcome = { ok: false, retryable: true, error: "HTTP 503", status: 503 };
const refused: DeliveryOutcome = {
  ok: false,
  retryable: false,
  error: "HTTP 400: Name is required",
  status: 400,
};

function forwardedLead() {
  const created = storeLead(inbox, {}, { forwarding: true });
  inbox.update(created.lead.id, created.token, ANSWERS, { forwarding: true });
  return created.lead;
}

describe("the outbox", () => {
  it("hands out each state of a lead once, as it stands: a create its update carries is settled without a call", async () => {
    const lead = forwardedLead();
    const first = inbox.outbox.claim({ limit: 10 });
    expect(first.map((delivery) => delivery.kind)).toEqual(["update"]);
    // The lead as it stands now, at the version of its newest row.
    expect(JSON.parse(first[0]?.payload ?? "")).toMatchObject({
      event: "update",
      id: lead.id,
      stories: "2",
      version: first[0]?.id,
    });
    expect(
      inbox.outbox
        .deliveriesOf(lead.id)
        .map((delivery) => `${delivery.kind} ${delivery.status} ${delivery.attempts}`),
    ).toEqual(["create sent 0", "update pending 0"]);
    expect(inbox.get(lead.id)?.forwardStatus).toBe("pending");
    inbox.outbox.recordSent(first[0]!.id);
    expect(inbox.get(lead.id)?.forwardStatus).toBe("forwarded");
  });

  it("leases a claimed delivery so no one else sends it meanwhile", () => {
    forwardedLead();
    const now = Date.now();
    expect(inbox.outbox.claim({ limit: 10, now })).toHaveLength(1);
    expect(inbox.outbox.claim({ limit: 10, now })).toHaveLength(0);
    // A sender that died mid-call: its lease runs out and the delivery comes back.
    expect(inbox.outbox.claim({ limit: 10, now: now + LEASE_MS })).toHaveLength(1);
  });

  it("waits out the backoff before a retry", async () => {
    forwardedLead();
    const { deliver } = scripted(() => down);
    const [delivery] = inbox.outbox.claim({ limit: 1 });
    expect(await sendDelivery(inbox.outbox, CONFIG, delivery!, { deliver, random: () => 0 })).toBe(
      "retry",
    );
    const now = Date.now();
    expect(inbox.outbox.claim({ limit: 1, now })).toHaveLength(0);
    expect(inbox.outbox.nextDueAt()).toBeGreaterThan(now);
    expect(inbox.outbox.claim({ limit: 1, now: now + 250 })).toHaveLength(1);
    expect(logs.at(-1)).toMatchObject({
      level: "warn",
      event: "lead.forward_retry",
      reason: "HTTP 503",
    });
  });

  it("makes a refusal a dead letter with its reason, until the owner retries it", async () => {
    const lead = forwardedLead();
    const { deliver } = scripted(() => refused);
    expect(await flushOutbox(inbox.outbox, CONFIG, { deliver })).toEqual({
      sent: 0,
      retry: 0,
      dead: 1,
    });
    expect(inbox.get(lead.id)).toMatchObject({
      forwardStatus: "failed",
      forwardError: "HTTP 400: Name is required",
    });
    expect(inbox.list({ only: "failed" }).map((failed) => failed.id)).toEqual([lead.id]);
    expect(inbox.outbox.claim({ limit: 10 })).toEqual([]);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: "error", event: "lead.dead_letter", leadId: lead.id }),
    );
  });

  it("lists a lead with a refused delivery as failed even while another is still retried", async () => {
    const { lead, token } = storeLead(inbox, {}, { forwarding: true });
    await flushOutbox(inbox.outbox, CONFIG, { deliver: scripted(() => refused).deliver });
    // A later change is owed past the dead letter, and meets an outage.
    inbox.update(lead.id, token, ANSWERS, { forwarding: true });
    await flushOutbox(inbox.outbox, CONFIG, { deliver: scripted(() => down).deliver });
    expect(inbox.list({ only: "failed" })).toEqual([
      expect.objectContaining({ id: lead.id, forwardError: "HTTP 400: Name is required" }),
    ]);
  });

  it("gives up on a retryable failure after 24 hours", () => {
    forwardedLead();
    const [delivery] = inbox.outbox.claim({ limit: 1 });
    const later = Date.now() + GIVE_UP_AFTER_MS;
    expect(
      inbox.outbox.recordFailure(
        delivery!.id,
        { error: "HTTP 503", retryable: true, retryInMs: 300_000 },
        later,
      ),
    ).toBe("dead");
    const given = inbox.outbox
      .deliveriesOf(delivery!.leadId)
      .find((each) => each.id === delivery!.id);
    expect(given?.lastError).toBe("gave up after 24 hours of retries: HTTP 503");
  });

  it("sends a retried dead letter again with the same key", async () => {
    const lead = forwardedLead();
    let refuse = true;
    const { calls, deliver } = scripted(() => (refuse ? refused : ok));
    await flushOutbox(inbox.outbox, CONFIG, { deliver });
    refuse = false;
    expect(inbox.outbox.requeueDead(lead.id)).toBe(1);
    expect(await flushOutbox(inbox.outbox, CONFIG, { deliver, leadId: lead.id })).toEqual({
      sent: 1,
      retry: 0,
      dead: 0,
    });
    expect(inbox.get(lead.id)?.forwardStatus).toBe("forwarded");
    expect(new Set(calls.map((call) => call.key))).toEqual(new Set([lead.idempotencyKey]));
  });
});

describe("the relay", () => {
  it("gets every lead and update through an outage, in order, with one key per lead", async () => {
    const leads = Array.from({ length: 6 }, () => forwardedLead());
    // Each lead's first three calls fail (network errors and 5xx), then the function recovers.
    const failures = new Map<unknown, number>();
    const { calls, deliver } = scripted((call) => {
      const seen = failures.get(call.id) ?? 0;
      failures.set(call.id, seen + 1);
      if (seen < 3) return seen % 2 ? down : { ok: false, retryable: true, error: "Network error" };
      return ok;
    });
    const relay = new Relay({ outbox: inbox.outbox, config: CONFIG, deliver, random: () => 0 });
    relay.start();
    const deadline = Date.now() + 10_000;
    while (inbox.outbox.counts().sent < 12 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await relay.stop();

    expect(inbox.outbox.counts()).toEqual({ pending: 0, sent: 12, dead: 0 });
    for (const lead of leads) {
      const mine = calls.filter((call) => call.id === lead.id);
      expect(new Set(mine.map((call) => call.key))).toEqual(new Set([lead.idempotencyKey]));
      // One state, one delivery: the create its update already carried was settled without a
      // call; the update failed three times, then got through.
      expect(mine.map((call) => call.kind)).toEqual(["update", "update", "update", "update"]);
      expect(inbox.get(lead.id)?.forwardStatus).toBe("forwarded");
    }
  });
});
