import "server-only";
import { z } from "zod";
import { log } from "@/lib/log";
import { retryDelay } from "@shared/leads/backoff";
import { nextAttemptIn } from "@shared/leads/final-answers";
import { deliverLead, type DeliveryOutcome, type SupabaseConfig } from "./forward";
import type { Delivery, LeadOutbox } from "./outbox";
import type { AttemptFailure, FailureOutcome } from "./outbox-table";

/**
 * The relay forwards what the outbox owes to the lead function: every call carries the lead's
 * idempotency key, a failed one comes back after a growing, jittered wait (backoff.ts) for up to
 * 24 hours, and a refusal (4xx) becomes a dead letter for `npm run leads -- list --failed`.
 */

export type Deliver = (
  config: SupabaseConfig,
  delivery: { payload: Record<string, unknown>; idempotencyKey: string },
) => Promise<DeliveryOutcome>;

const payloadSchema = z.record(z.string(), z.unknown());

export type SendResult = "sent" | "retry" | "dead";

type SendOptions = { deliver?: Deliver; random?: () => number };

/** What one attempt got back from the far side: accepted, or refused or failed with a reason. */
type AttemptOutcome = { ok: true } | { ok: false; retryable: boolean; error: string };

/** How a sender records and logs its attempts (docs/leads.md lists the events). */
export type AttemptRecord = {
  sent: () => void;
  failed: (failure: AttemptFailure) => FailureOutcome;
  /** The wait before the next attempt, asked only when this one failed. */
  retryInMs: () => number;
  events: Record<SendResult, string>;
  /** What every line of this attempt's log says. */
  context: Record<string, string | number>;
};

/**
 * Records what one attempt at a claimed row got and logs it: sent, or a failure its outbox
 * schedules again (`retry`) or keeps as a dead letter (`dead`). Returns which it became.
 */
export function recordAttempt(outcome: AttemptOutcome, record: AttemptRecord): SendResult {
  const { events, context } = record;
  if (outcome.ok) {
    record.sent();
    log("info", events.sent, context);
    return "sent";
  }
  const retryInMs = record.retryInMs();
  const result = record.failed({ ...outcome, retryInMs });
  if (result === "retry") {
    log("warn", events.retry, { ...context, retryInMs, reason: outcome.error });
  } else {
    log("error", events.dead, { ...context, reason: outcome.error });
  }
  return result;
}

/** Sends one claimed delivery and records what happened to it. */
export async function sendDelivery(
  outbox: LeadOutbox,
  config: SupabaseConfig,
  delivery: Delivery,
  { deliver = deliverLead, random = Math.random }: SendOptions = {},
): Promise<SendResult> {
  const payload = payloadSchema.parse(JSON.parse(delivery.payload));
  const outcome = await deliver(config, { payload, idempotencyKey: delivery.idempotencyKey });
  const attempt = delivery.attempts + 1;
  return recordAttempt(outcome, {
    sent: () => outbox.recordSent(delivery.id),
    failed: (failure) => outbox.recordFailure(delivery.id, failure),
    retryInMs: () =>
      nextAttemptIn(retryDelay(attempt, random), outcome.ok ? null : outcome.retryAfterMs),
    events: { sent: "lead.forwarded", retry: "lead.forward_retry", dead: "lead.dead_letter" },
    context: { leadId: delivery.leadId, delivery: delivery.kind, attempt },
  });
}

/**
 * Every owed item tried once, now, whatever its backoff says (`npm run leads -- flush`): `claim`
 * leases a batch, leaving out those already tried in this pass; what a send unblocks follows in it.
 */
export async function flushQueue<T extends { id: number }>(
  claim: (limit: number, exclude: readonly number[]) => T[],
  send: (item: T) => Promise<SendResult>,
  concurrency = 8,
): Promise<Record<SendResult, number>> {
  const counts: Record<SendResult, number> = { sent: 0, retry: 0, dead: 0 };
  const tried: number[] = [];
  for (;;) {
    const batch = claim(concurrency, tried);
    if (batch.length === 0) return counts;
    tried.push(...batch.map((item) => item.id));
    const results = await Promise.all(batch.map(send));
    for (const result of results) counts[result] += 1;
  }
}

/**
 * Every owed delivery tried once, now, whatever its backoff says (`npm run leads -- flush`).
 * A lead's update follows in the same pass when its create got through.
 */
export async function flushOutbox(
  outbox: LeadOutbox,
  config: SupabaseConfig,
  {
    concurrency = 8,
    leadId = null,
    ...options
  }: SendOptions & { concurrency?: number; leadId?: string | null } = {},
): Promise<Record<SendResult, number>> {
  return flushQueue(
    (limit, exclude) => outbox.claim({ limit, ignoreSchedule: true, exclude, leadId }),
    (delivery) => sendDelivery(outbox, config, delivery, options),
    concurrency,
  );
}

/** What a relay works through: the CRM outbox, or the mail outbox. */
export type RelayQueue<T extends { leadId: string }> = {
  /** Leases up to `limit` items that are due. */
  claim: (limit: number) => T[];
  /** When the next owed item becomes claimable, or null. */
  nextDueAt: () => number | null;
  /** Sends one claimed item and records what happened to it. */
  send: (item: T) => Promise<SendResult>;
};

type QueueRelayOptions = {
  /** Items in flight at once; one slow call never holds up the others. */
  concurrency?: number;
  /** The longest sleep: rows queued by another process (npm run leads) are found within it. */
  pollMs?: number;
};

/** A long-running relay inside the server: woken by each new lead, and by its own timer. */
export class QueueRelay<T extends { leadId: string }> {
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly name: "relay" | "mail_relay",
    private readonly queue: RelayQueue<T>,
    private readonly options: QueueRelayOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    log("info", `${this.name}.started`);
    this.pump();
  }

  /** Something new is owed: look now rather than at the next timer. */
  kick(): void {
    if (this.running) this.pump();
  }

  /** Stops taking new work; resolves once the calls in flight have been recorded. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.idle();
  }

  /** Resolves when no call is in flight (tests). */
  idle(): Promise<void> {
    return this.inFlight === 0
      ? Promise.resolve()
      : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (!this.running) return;
    const concurrency = this.options.concurrency ?? 8;
    let claimed: T[] = [];
    try {
      claimed = this.queue.claim(concurrency - this.inFlight);
    } catch (error) {
      log("error", `${this.name}.claim_failed`, { reason: String(error) });
    }
    for (const item of claimed) {
      this.inFlight += 1;
      this.queue
        .send(item)
        .catch((error: unknown) =>
          // The row keeps its lease and comes back when it runs out.
          log("error", `${this.name}.record_failed`, {
            leadId: item.leadId,
            reason: String(error),
          }),
        )
        .finally(() => {
          this.inFlight -= 1;
          if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
          this.pump();
        });
    }
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    let wait = this.options.pollMs ?? 10_000;
    try {
      const due = this.queue.nextDueAt();
      if (due !== null) wait = Math.min(wait, Math.max(due - Date.now(), 20));
    } catch (error) {
      log("error", `${this.name}.schedule_failed`, { reason: String(error) });
    }
    this.timer = setTimeout(() => this.pump(), wait);
    // The relay never keeps a stopping server alive; what it owes waits in the outbox.
    this.timer.unref();
  }
}

export type RelayOptions = SendOptions &
  QueueRelayOptions & {
    outbox: LeadOutbox;
    config: SupabaseConfig;
  };

/** The CRM relay: forwards what the outbox owes to the lead function. */
export class Relay extends QueueRelay<Delivery> {
  constructor(options: RelayOptions) {
    const { outbox, config } = options;
    super(
      "relay",
      {
        claim: (limit) => outbox.claim({ limit }),
        nextDueAt: () => outbox.nextDueAt(),
        send: (delivery) => sendDelivery(outbox, config, delivery, options),
      },
      options,
    );
  }
}
