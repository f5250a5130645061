import { beforeEach, describe, expect, it } from "vitest";
import type { LeadInbox } from "@/lib/leads/inbox";
import { quoteRequestSchema } from "@shared/quote/schema";
import { storeLead } from "@/tests/support/leads";
import { validQuote } from "@/tests/support/quote";
import { testInbox } from "@/tests/support/test-inbox";
import { MAX_CONFIRMATIONS_PER_DAY } from "./timing";

const TIMING = { windowMs: 120_000, settleMs: 15_000 };
const FINISHED = { isPostConstruction: "no", stories: "2", frequency: "quarterly" } as const;

let inbox: LeadInbox;
beforeEach(() => {
  inbox = testInbox("mail-outbox");
});

const kinds = (leadId: string) =>
  inbox.mail.mailOf(leadId).map((row) => `${row.kind}:${row.seq}:${row.status}`);

describe("the mail outbox", () => {
  it("queues the confirmation now and the owner's e-mail one window after the contact step", () => {
    const { lead } = storeLead(inbox, {}, { mail: TIMING });
    const [visitor, owner] = inbox.mail.mailOf(lead.id);
    expect(visitor?.kind).toBe("visitor");
    expect(visitor?.dueAt).toBeLessThanOrEqual(Date.now());
    expect(owner?.dueAt).toBe(Date.parse(lead.createdAt) + TIMING.windowMs);
  });

  it("brings the owner's e-mail forward to one settle period once steps 5-6 are answered", () => {
    const { lead, token } = storeLead(inbox, {}, { mail: TIMING });
    const before = Date.now();
    inbox.update(lead.id, token, FINISHED, { forwarding: false, mail: TIMING });
    const owner = inbox.mail.mailOf(lead.id).find((row) => row.kind === "owner");
    expect(owner?.dueAt).toBeGreaterThanOrEqual(before + TIMING.settleMs);
    expect(owner?.dueAt).toBeLessThanOrEqual(Date.now() + TIMING.settleMs);
  });

  it("after the owner's e-mail went, coalesces the changes into one update; a repeat adds none", async () => {
    const { lead, token } = storeLead(inbox, {}, { mail: TIMING });
    const claimed = inbox.mail.claim({ limit: 10, ignoreSchedule: true });
    for (const job of claimed) inbox.mail.recordSent(job, TIMING);
    inbox.update(lead.id, token, FINISHED, { forwarding: false, mail: TIMING });
    inbox.update(lead.id, token, FINISHED, { forwarding: false, mail: TIMING });
    inbox.update(
      lead.id,
      token,
      { ...FINISHED, frequency: "monthly" },
      { forwarding: false, mail: TIMING },
    );
    expect(kinds(lead.id)).toEqual(["visitor:0:sent", "owner:0:sent", "owner_update:1:pending"]);
    const [update] = inbox.mail.claim({ limit: 10, ignoreSchedule: true });
    expect(update?.lead.frequency).toBe("monthly");
    // A change while that update is being sent is owed in the next one.
    inbox.update(
      lead.id,
      token,
      { ...FINISHED, stories: "3" },
      { forwarding: false, mail: TIMING },
    );
    if (update) inbox.mail.recordSent(update, TIMING);
    expect(kinds(lead.id)).toEqual([
      "visitor:0:sent",
      "owner:0:sent",
      "owner_update:1:sent",
      "owner_update:2:pending",
    ]);
  });

  it("queues no e-mail for a lead from before notifications", () => {
    const old = storeLead(inbox, {}, { mail: null });
    inbox.update(old.lead.id, old.token, FINISHED, { forwarding: false, mail: TIMING });
    expect(kinds(old.lead.id)).toEqual([]);
  });

  it("tells the owner of a flagged lead, holds its confirmation, and answers as for a real one", () => {
    const create = (name: string, spamReason: string | null) => {
      const result = inbox.create(quoteRequestSchema.parse(validQuote({ name })), {
        sourcePage: "/",
        forwarding: false,
        mail: TIMING,
        spamReason,
      });
      if (result.status !== "created") throw new Error(result.status);
      return result;
    };
    const real = create("Real Person", null);
    const spam = create("Quick Bot", "honeypot");
    expect(spam.linkEmailed).toBe(real.linkEmailed);
    expect(kinds(spam.lead.id)).toEqual(["visitor:0:held", "owner:0:pending"]);
    const [held, owner] = inbox.mail.mailOf(spam.lead.id);
    expect(held?.quoteUrl).toContain(`/my-quote#${spam.lead.id}.`);
    expect(owner?.dueAt).toBe(Date.parse(spam.lead.createdAt) + TIMING.windowMs);

    // Only the owner's e-mail is ever sent; his "Quote updated" follows its changes, as for any lead.
    const jobs = inbox.mail.claim({ limit: 10, ignoreSchedule: true, leadId: spam.lead.id });
    expect(jobs.map((job) => job.kind)).toEqual(["owner"]);
    for (const job of jobs) inbox.mail.recordSent(job, TIMING);
    inbox.update(spam.lead.id, spam.token, FINISHED, { forwarding: false, mail: TIMING });
    expect(kinds(spam.lead.id)).toEqual([
      "visitor:0:held",
      "owner:0:sent",
      "owner_update:1:pending",
    ]);
    expect(inbox.mail.counts()).toMatchObject({ held: 1 });
  });

  it("counts no held confirmation towards an address's cap, and holds over the cap as capped", () => {
    const email = "shared@example.com";
    for (let i = 0; i < MAX_CONFIRMATIONS_PER_DAY + 2; i++)
      storeLead(inbox, { email }, { mail: TIMING, spamReason: "honeypot" });
    const real = [1, 2, 3, 4].map(() => storeLead(inbox, { email }, { mail: TIMING }).lead.id);
    const status = (id: string) =>
      inbox.mail.mailOf(id).find((row) => row.kind === "visitor")?.status;
    expect(real.map(status)).toEqual(["pending", "pending", "pending", "capped"]);
    const late = storeLead(inbox, { email }, { mail: TIMING, spamReason: "honeypot" }).lead.id;
    expect(status(late)).toBe("capped");
  });

  it(`sends at most ${MAX_CONFIRMATIONS_PER_DAY} confirmations per address in 24 hours, whatever its case`, () => {
    const ids = ["a@example.com", "A@Example.com", "a@example.com", "a@EXAMPLE.com"].map(
      (email) => storeLead(inbox, { email }, { mail: TIMING }).lead.id,
    );
    const visitor = ids.map((id) => inbox.mail.mailOf(id).find((row) => row.kind === "visitor"));
    expect(visitor.map((row) => row?.status)).toEqual(["pending", "pending", "pending", "capped"]);
    expect(visitor[3]?.lastError).toMatch(/already had 3 confirmations/);
  });

  it("gives the confirmation the visitor's saved-quote link, and forgets it once sent", () => {
    const key = { key: "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11", requestHash: "h" };
    const created = inbox.create(
      quoteRequestSchema.parse(validQuote({ email: "link@example.com" })),
      { sourcePage: "/", forwarding: false, mail: TIMING, idempotency: key },
    );
    if (created.status !== "created") throw new Error(created.status);
    expect(created.linkEmailed).toBe(true);
    const [visitor, owner] = inbox.mail.mailOf(created.lead.id);
    expect(visitor?.quoteUrl).toMatch(
      new RegExp(`/my-quote#${created.lead.id}\\.${created.token}$`),
    );
    expect(owner?.quoteUrl).toBeNull(); // the owner's e-mails never carry it
    // A replay of the same request says so too.
    expect(inbox.earlierAnswer(key)).toMatchObject({ status: "replayed", linkEmailed: true });

    const jobs = inbox.mail.claim({ limit: 10, ignoreSchedule: true, leadId: created.lead.id });
    expect(jobs.find((job) => job.kind === "visitor")?.quoteUrl).toBe(visitor?.quoteUrl);
    for (const job of jobs) inbox.mail.recordSent(job, TIMING);
    expect(inbox.mail.mailOf(created.lead.id).map((row) => row.quoteUrl)).toEqual([null, null]);
  });

  it("erases the link of a refused confirmation once the token's replay window is over", () => {
    const { lead } = storeLead(inbox, {}, { mail: TIMING });
    const visitor = inbox.mail.mailOf(lead.id).find((row) => row.kind === "visitor");
    inbox.mail.claim({ limit: 10, ignoreSchedule: true, leadId: lead.id });
    inbox.mail.recordFailure(visitor?.id ?? 0, {
      error: "550 mailbox unavailable",
      retryable: false,
      retryInMs: 0,
    });
    const link = () => inbox.mail.mailOf(lead.id).find((row) => row.kind === "visitor")?.quoteUrl;
    expect(link()).toContain("/my-quote#");
    const createdAt = Date.parse(lead.createdAt);
    inbox.forgetExpiredTokens(createdAt + 24 * 60 * 60 * 1000 - 1000);
    expect(link()).toContain("/my-quote#");
    inbox.forgetExpiredTokens(createdAt + 24 * 60 * 60 * 1000 + 1000);
    expect(link()).toBeNull();
  });

  it("queues no link, and says none was e-mailed, for a confirmation over the cap", () => {
    const results = [1, 2, 3, 4].map(() =>
      inbox.create(quoteRequestSchema.parse(validQuote({ email: "many@example.com" })), {
        sourcePage: "/",
        forwarding: false,
        mail: TIMING,
      }),
    );
    expect(results.map((result) => result.status === "created" && result.linkEmailed)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const last = results[3];
    if (last?.status !== "created") throw new Error("expected a lead");
    expect(inbox.mail.mailOf(last.lead.id).map((row) => row.quoteUrl)).toEqual([null, null]);
  });

  it("keeps a 5xx as a dead letter with the reply, and retries a 4xx", () => {
    const { lead } = storeLead(inbox, {}, { mail: TIMING });
    const [visitor, owner] = inbox.mail.claim({ limit: 10, ignoreSchedule: true });
    const refused = "SMTP 550: 550 5.1.1 No such mailbox";
    expect(
      inbox.mail.recordFailure(visitor?.id ?? 0, {
        error: refused,
        retryable: false,
        retryInMs: 200,
      }),
    ).toBe("dead");
    expect(
      inbox.mail.recordFailure(owner?.id ?? 0, {
        error: "SMTP 451",
        retryable: true,
        retryInMs: 200,
      }),
    ).toBe("retry");
    expect(inbox.list({ only: "failed" }).map((each) => each.id)).toEqual([lead.id]);
    expect(inbox.mail.requeueDead(lead.id)).toBe(1);
  });
});
