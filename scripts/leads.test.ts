import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DeliveryOutcome, callFunctionOutbox } from "@/lib/leads/forward";
import type { Deliver } from "@/lib/leads/relay";
import {
  LIST_CAP,
  storedQuoteSchema,
  type ListedLead,
  type ReleaseResult,
  type StoredQuote,
} from "@shared/leads/store-contract";
import { SCHEMA_VERSION } from "@/lib/leads/database";
import { openLeadInbox, type Lead, type LeadInbox } from "@/lib/leads/inbox";
import { storeLead } from "@/tests/support/leads";
import { USAGE, runLeadsCommand } from "./leads";

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
  file = path.join(dir, "leads.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SUPABASE = {
  url: "http://127.0.0.1:9",
  anonKey: "k",
  leadFunction: "crm-lead",
  signingSecret: "s",
};
/** The function's CRM outbox, with no dead letter of its own. */
const nothingInFunction: typeof callFunctionOutbox = async () => ({
  ok: true,
  answer: { success: true, requeued: 0 },
});
const TIMING = { windowMs: 120_000, settleMs: 15_000 };

async function run(...args: string[]) {
  return runWith({ supabase: null }, ...args);
}

async function runWith(
  options: {
    supabase: typeof SUPABASE | null;
    deliver?: Deliver;
    inboxPath?: string;
    functionOutbox?: typeof callFunctionOutbox;
    sharedStore?: boolean;
  },
  ...args: string[]
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLeadsCommand(
    args,
    () => openLeadInbox(file),
    { out: (t) => out.push(t), err: (t) => err.push(t) },
    { inboxPath: file, functionOutbox: nothingInFunction, ...options },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** An inbox's lead and its outbox rows as the lead function answers them from PostgreSQL. */
function listed(inbox: LeadInbox, lead: Lead): ListedLead {
  const webhookStatus = {
    off: "not_configured",
    pending: "pending",
    forwarded: "delivered",
    failed: "failed",
  } as const satisfies Record<Lead["forwardStatus"], StoredQuote["webhookStatus"]>;
  return {
    lead: storedQuoteSchema.parse({
      ...lead,
      webhookStatus: webhookStatus[lead.forwardStatus],
      webhookError: lead.forwardError,
      webhookAttemptedAt: lead.forwardedAt,
    }),
    outbox: [
      ...inbox.outbox.deliveriesOf(lead.id).map((row) => ({
        channel: "crm" as const,
        kind: row.kind === "create" ? "lead.created" : "lead.updated",
        seq: 0,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        sentAt: row.sentAt,
        dueAt: row.createdAt,
      })),
      ...inbox.mail.mailOf(lead.id).map((row) => ({
        channel: "mail" as const,
        kind: row.kind,
        seq: row.seq,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        sentAt: row.sentAt,
        dueAt: new Date(row.dueAt).toISOString(),
      })),
    ],
  };
}

const ATTRIBUTION = {
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring, 2027",
  gclid: "abc123",
  referrer: "https://www.google.com/",
  landingPage: "/locations/tampa",
};

function seed() {
  const inbox = openLeadInbox(file);
  const older = storeLead(inbox, { name: "Older Lead" });
  const newer = storeLead(
    inbox,
    {
      name: 'Newer, "Quoted"',
      message: '=HYPERLINK("x")',
      totalPrice: 1,
      attribution: ATTRIBUTION,
    },
    { sourcePage: "/locations/tampa" },
  );
  inbox.update(
    newer.lead.id,
    newer.token,
    { isPostConstruction: "no", stories: "2", frequency: "monthly", totalPrice: 1 },
    { forwarding: false },
  );
  inbox.update(
    newer.lead.id,
    newer.token,
    { visitWindow: { earliestDate: "2026-12-01", partOfDay: "morning" } },
    { forwarding: false, now: new Date(newer.lead.createdAt) },
  );
  storeLead(inbox, { name: "Bot Lead" }, { spamReason: "the hidden honeypot field was filled in" });
  inbox.close();
  return { older: older.lead, newer: newer.lead };
}

describe("npm run leads", async () => {
  it("prints its usage with no arguments, and fails on an unknown command", async () => {
    expect(await run()).toEqual({ code: 0, out: "", err: USAGE });
    const unknown = await run("delete", "all");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown command: delete all");
  });

  it("says so when there are no leads", async () => {
    expect((await run("list")).out).toBe("No leads yet.");
  });

  it("lists leads newest first with their server price", async () => {
    const { older, newer } = seed();
    const { code, out } = await run("list");
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toMatch(
      /^Received\s+ID\s+Name\s+Phone\s+Email\s+Panes\s+Plan\s+Total\s+CRM\s+E-mail$/,
    );
    expect(lines[1]).toContain(newer.id.slice(0, 8));
    expect(lines[1]).toMatch(/Monthly\s+\$295\s+local only\s+none$/);
    expect(lines[2]).toContain(older.id.slice(0, 8));
    expect(lines[2]).toMatch(/Quarterly\s+\$345/);
    expect(out).toContain("2 leads, newest first");
    expect(out).not.toContain("Bot Lead");
    expect(out).toContain("1 more flagged as spam by the bot traps: npm run leads -- list --spam");
  });

  it("shows one lead in full by a prefix of its id", async () => {
    const { newer } = seed();
    const { code, out } = await run("show", newer.id.slice(0, 6));
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^ID:\\s+${newer.id}$`, "m"));
    expect(out).toMatch(/Stories:\s+2 stories/);
    expect(out).toMatch(/Add-ons:\s+Interior Cleaning, Track Cleaning/);
    expect(out).toMatch(/First visit:\s+\$295 \(the browser showed \$1\)/);
    expect(out).toMatch(/Sent from page:\s+\/locations\/tampa/);
    expect(out).toMatch(/Visit window:\s+from Tuesday, December 1, 2026, morning$/m);
    const older = await run("show", seed().older.id);
    expect(older.out).toMatch(/Visit window:\s+\(not asked for\)$/m);
    expect(out).toMatch(/^utm_source:\s+google$/m);
    expect(out).toMatch(/^utm_medium:\s+cpc$/m);
    expect(out).toMatch(/^utm_campaign:\s+spring, 2027$/m);
    expect(out).toMatch(/^gclid:\s+abc123$/m);
    expect(out).toMatch(/^Referrer:\s+https:\/\/www\.google\.com\/$/m);
    expect(out).toMatch(/^Landing page:\s+\/locations\/tampa$/m);
    expect(out).not.toMatch(/^utm_term:/m);
    expect(older.out).toMatch(
      /^Attribution:\s+\(no campaign, referrer or landing page recorded\)$/m,
    );
    expect((await run("show", "ffffffff")).code).toBe(1);
  });

  it("says the browser showed another price only when it did, after a plan switch too", async () => {
    const inbox = openLeadInbox(file);
    // 41-60, one-time, no add-ons: $395 on the server and in the browser.
    const none = { interior: false, screens: false, tracks: false };
    const quote = {
      paneCount: "41-60",
      frequency: "initial",
      addOns: none,
      totalPrice: 395,
    } as const;
    const { lead, token } = storeLead(inbox, quote);
    // Switched to quarterly on the result view, which then showed $295.
    const switched = { isPostConstruction: "no", stories: "1", frequency: "quarterly" } as const;
    inbox.update(lead.id, token, { ...switched, totalPrice: 295 }, { forwarding: false });
    // An update that does not say what the browser showed makes no claim either.
    const other = storeLead(inbox, { ...quote, totalPrice: 1 });
    inbox.update(other.lead.id, other.token, switched, { forwarding: false });
    inbox.close();
    for (const id of [lead.id, other.lead.id]) {
      const { out } = await run("show", id);
      expect(out).toMatch(/First visit:\s+\$295$/m);
      expect(out).not.toContain("the browser showed");
    }
  });

  it("exports every lead as CSV with quoting and formula defusing", async () => {
    const { newer } = seed();
    const { out } = await run("export", "--csv");
    const lines = out.split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      "id,created_at (America/New_York),updated_at (America/New_York),name,phone,email,address,message,pane_count,plan,add_on_interior,add_on_screens,add_on_tracks,post_construction,stories,total_price,visit_earliest_date,visit_part_of_day,browser_total_price,source_page,crm_status,crm_error,spam_reason,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,referrer,landing_page",
    );
    expect(lines[1]).toMatch(/,the hidden honeypot field was filled in,{10}$/);
    expect(lines[2]).toContain(`${newer.id},`);
    expect(lines[2]).toContain(`"Newer, ""Quoted"""`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain(
      ",26-40,monthly,yes,no,yes,no,2,295,2026-12-01,morning,1,/locations/tampa,off,,",
    );
    expect(lines[2]).toMatch(
      /,google,cpc,"spring, 2027",,,abc123,,,https:\/\/www\.google\.com\/,\/locations\/tampa$/,
    );
  });

  it("lists the spam the bot traps caught, with why", async () => {
    seed();
    const { code, out } = await run("list", "--spam");
    expect(code).toBe(0);
    expect(out).toMatch(/Why flagged/);
    expect(out).toMatch(/Bot Lead.*the hidden honeypot field was filled in/);
    expect(out).not.toContain("Older Lead");
    expect(out).toContain("1 spam-flagged lead, newest first");
  });

  it("releases a flagged lead to the CRM once, and refuses what it cannot release", async () => {
    seed();
    const inbox = openLeadInbox(file);
    const bot = inbox.list({ only: "spam" })[0];
    const real = inbox.list()[0];
    inbox.close();
    if (!bot || !real) throw new Error("seed() stores a real lead and a flagged one");

    const unknown = await runWith({ supabase: SUPABASE }, "release", "ffffffff");
    expect(unknown).toMatchObject({ code: 1, out: "" });
    expect(unknown.err).toBe('No lead with ID "ffffffff". See the IDs with: npm run leads -- list');
    const notSpam = await runWith({ supabase: SUPABASE }, "release", real.id.slice(0, 8));
    expect(notSpam).toMatchObject({ code: 1, out: "" });
    expect(notSpam.err).toBe(
      `Lead ${real.id.slice(0, 8)} is not flagged as spam: it is handled like every lead already, nothing to release.`,
    );

    const released = await runWith({ supabase: SUPABASE }, "release", bot.id.slice(0, 8));
    expect(released.code).toBe(0);
    expect(released.out.split("\n")).toEqual([
      `Released lead ${bot.id.slice(0, 8)} (Bot Lead); the bot trap had said: the hidden honeypot field was filled in.`,
      "CRM: queued for the lead function; the running site sends it within seconds (or now: npm run leads -- flush).",
      "Visitor: no confirmation was held for them (notifications were off, or their address was over its limit).",
    ]);
    const after = openLeadInbox(file);
    const deliveries = after.outbox.deliveriesOf(bot.id);
    after.close();
    expect(deliveries.map((delivery) => [delivery.kind, delivery.status])).toEqual([
      ["create", "pending"],
    ]);
    expect((await run("list")).out).toContain("Bot Lead");
    expect((await run("list", "--spam")).out).toBe("No spam caught.");

    const again = await runWith({ supabase: SUPABASE }, "release", bot.id);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is not flagged as spam/);
    const once = openLeadInbox(file);
    expect(once.outbox.deliveriesOf(bot.id)).toHaveLength(1);
    once.close();
    expect((await run("release")).code).toBe(2);
  });

  it("releases a flagged lead's held confirmation, with its link, on a site without the CRM", async () => {
    const inbox = openLeadInbox(file);
    const { lead } = storeLead(
      inbox,
      { name: "Real Person" },
      { spamReason: "sent 850 ms after the visitor first touched the calculator", mail: TIMING },
    );
    inbox.close();
    const shown = await run("show", lead.id.slice(0, 8));
    expect(shown.out).toMatch(
      /E-mail:\s+visitor, 0 attempts, held: sent only if you release the lead/,
    );
    expect(shown.out).toContain(`If it is real: npm run leads -- release ${lead.id.slice(0, 8)}`);
    const released = await run("release", lead.id);
    expect(released.code).toBe(0);
    expect(released.out).toContain(
      "CRM: not forwarded, SUPABASE_URL is not set: it stays in this inbox like every lead.",
    );
    expect(released.out).toContain(
      "Visitor: their confirmation e-mail is queued, with the link to their saved quote.",
    );
    const after = openLeadInbox(file);
    expect(after.mail.mailOf(lead.id).map((row) => `${row.kind} ${row.status}`)).toEqual([
      "visitor pending",
      "owner pending",
    ]);
    expect(after.outbox.deliveriesOf(lead.id)).toEqual([]);
    after.close();
  });

  it("releases a flagged lead in the shared store (LEADS_STORE=supabase) through the lead function", async () => {
    const id = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
    const released: ReleaseResult = {
      status: "released",
      id,
      name: "Real Person",
      reason: "the hidden honeypot field was filled in",
      forwarded: true,
      confirmation: { released: true, withLink: true },
    };
    const answers: Array<ReleaseResult | { error: string }> = [
      { status: "not_found" },
      { status: "ambiguous" },
      { status: "not_spam", id },
      released,
      { ...released, forwarded: false, confirmation: { released: false, withLink: false } },
      { ...released, confirmation: { released: true, withLink: false } },
      { error: "HTTP 401 from the lead function: The signature does not match" },
    ];
    const asked: unknown[] = [];
    const functionOutbox: typeof callFunctionOutbox = async (_config, command) => {
      asked.push(command);
      const next = answers.shift();
      if (!next || "error" in next) return { ok: false, error: next?.error ?? "no answer" };
      return { ok: true, answer: { success: true, release: next } };
    };
    const release = (leadId: string) =>
      runWith({ supabase: SUPABASE, sharedStore: true, functionOutbox }, "release", leadId);

    expect(await release("ffffffff")).toEqual({
      code: 1,
      out: "",
      err: 'No lead with ID "ffffffff" in the shared store. See the IDs with: npm run leads -- list',
    });
    expect(await release("3")).toEqual({
      code: 1,
      out: "",
      err: 'More than one lead starts with "3": type more of the ID.',
    });
    expect(await release(id)).toEqual({
      code: 1,
      out: "",
      err: "Lead 3f2a9c1e is not flagged as spam: it is handled like every lead already, nothing to release.",
    });
    expect(await release("3f2a9c1e")).toEqual({
      code: 0,
      err: "",
      out: [
        "Released lead 3f2a9c1e (Real Person); the bot trap had said: the hidden honeypot field was filled in.",
        "CRM: queued in the lead function's outbox in Supabase; it posts it to the CRM webhook now.",
        "Visitor: their confirmation e-mail is queued, with the link to their saved quote.",
      ].join("\n"),
    });
    expect((await release("3f2a9c1e")).out.split("\n").slice(1)).toEqual([
      "CRM: not forwarded, CRM_WEBHOOK_URL is not set on the lead function: it stays in Supabase like every lead.",
      "Visitor: no confirmation was held for them (notifications were off, or their address was over its limit).",
    ]);
    expect((await release("3f2a9c1e")).out).toContain(
      "Visitor: their confirmation e-mail is queued (without the link to their saved quote: it is kept for 24 hours only).",
    );
    expect(await release("3f2a9c1e")).toEqual({
      code: 1,
      out: "",
      err: "The lead function could not be asked to release the lead: HTTP 401 from the lead function: The signature does not match",
    });
    expect(asked[0]).toEqual({ action: "release", leadId: "ffffffff" });
    expect(asked).toHaveLength(7);
    // The server's own inbox is neither read nor created.
    expect(existsSync(file)).toBe(false);
  });

  it("lists and shows the shared store's leads (LEADS_STORE=supabase) as the inbox's, never opening the inbox", async () => {
    // The same leads in an embedded inbox: one flagged, one whose CRM post was refused, and what
    // the owner's commands print for them there.
    const inbox = openLeadInbox(file);
    const older = storeLead(inbox, { name: "Older Lead" }, { mail: TIMING }).lead;
    const refused = storeLead(
      inbox,
      { name: "Refused Lead" },
      { forwarding: true, mail: TIMING },
    ).lead;
    const bot = storeLead(
      inbox,
      { name: "Bot Lead" },
      { spamReason: "the honeypot was filled in", mail: TIMING },
    );
    inbox.close();
    const refuse: Deliver = async () => ({
      ok: false,
      retryable: false,
      status: 400,
      error: "HTTP 400: Name is required",
    });
    expect((await runWith({ supabase: SUPABASE, deliver: refuse }, "flush")).out).toContain(
      "refused 1",
    );
    const commands = [
      ["list"],
      ["list", "--spam"],
      ["list", "--failed"],
      ["show", bot.lead.id.slice(0, 8)],
      ["show", refused.id],
    ];
    const embedded = [];
    for (const args of commands) embedded.push(await run(...args));
    expect(embedded[0]?.out).toMatch(
      /Refused Lead.*NOT forwarded\s+visitor waiting, owner waiting/,
    );
    expect(embedded[0]?.out).toContain("1 more flagged as spam by the bot traps");
    expect(embedded[1]?.out).toMatch(/Bot Lead.*the honeypot was filled in/);
    expect(embedded[2]?.out).toMatch(/Refused Lead.*CRM: HTTP 400: Name is required/);
    expect(embedded[3]?.out).toMatch(/E-mail:\s+visitor, 0 attempts, held/);
    expect(embedded[4]?.out).toMatch(/Delivery:\s+create, 1 attempt, refused: HTTP 400/);
    expect(embedded[4]?.out).toMatch(/E-mail:\s+owner, 0 attempts, waiting until /);

    // The function answers from the same leads, as its PostgreSQL rows would read.
    const source = openLeadInbox(file);
    const asked: unknown[] = [];
    let reachable = true;
    const functionOutbox: typeof callFunctionOutbox = async (_config, command) => {
      asked.push(command);
      if (!reachable) return { ok: false, error: "Network error: fetch failed" };
      if (command.action === "list") {
        const leads = source.list({ only: command.only }).map((lead) => listed(source, lead));
        const list = { leads, total: leads.length, spamCount: source.spamCount() };
        return { ok: true, answer: { success: true, list } };
      }
      if (command.action === "show") {
        const found = source.find(command.leadId);
        const show =
          found === "ambiguous"
            ? { status: "ambiguous" as const }
            : found
              ? { status: "found" as const, lead: listed(source, found) }
              : { status: "not_found" as const };
        return { ok: true, answer: { success: true, show } };
      }
      return { ok: false, error: "not asked here" };
    };
    const shared = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runLeadsCommand(
        args,
        () => {
          throw new Error("the server's inbox was opened");
        },
        { out: (t) => out.push(t), err: (t) => err.push(t) },
        { supabase: SUPABASE, sharedStore: true, functionOutbox },
      );
      return { code, out: out.join("\n"), err: err.join("\n") };
    };
    try {
      for (const [at, args] of commands.entries()) {
        expect(await shared(...args)).toEqual(embedded[at]);
      }
      expect(asked.slice(0, 4)).toEqual([
        { action: "list", only: "leads" },
        { action: "list", only: "spam" },
        { action: "list", only: "failed" },
        { action: "show", leadId: bot.lead.id.slice(0, 8) },
      ]);
      expect(await shared("show", "ffffffff")).toEqual({
        code: 1,
        out: "",
        err: 'No lead with ID "ffffffff" in the shared store. See the IDs with: npm run leads -- list',
      });
      expect(await shared("show", "")).toMatchObject({ code: 2 });
      // More leads than one answer holds: the owner is told the list is cut.
      const many = source.list({ only: "leads" }).map((lead) => listed(source, lead));
      const capped: typeof callFunctionOutbox = async () => ({
        ok: true,
        answer: { success: true, list: { leads: many, total: LIST_CAP + 7, spamCount: 0 } },
      });
      const cut = await runLeadsCommand(
        ["list"],
        () => {
          throw new Error("the server's inbox was opened");
        },
        { out: (t) => asked.push(t), err: () => {} },
        { supabase: SUPABASE, sharedStore: true, functionOutbox: capped },
      );
      expect(cut).toBe(0);
      expect(asked.at(-1)).toBe(
        `Only the newest 2 of ${LIST_CAP + 7} are listed (at most ${LIST_CAP}); all of them: npm run -s leads -- export --csv`,
      );
      reachable = false;
      for (const [args, what] of [
        [["list", "--spam"], "list the leads"],
        [["show", older.id], "show the lead"],
      ] as const) {
        expect(await shared(...args)).toEqual({
          code: 1,
          out: "",
          err: `The lead function could not be asked to ${what}: Network error: fetch failed`,
        });
      }
    } finally {
      source.close();
    }
  });

  it("lists the leads the CRM refused, retries one, and flushes what is owed", async () => {
    const inbox = openLeadInbox(file);
    const refused = storeLead(inbox, { name: "Refused Lead" }, { forwarding: true }).lead;
    inbox.close();
    /** What the lead function answers, as the test moves it along. */
    const answers: Record<"refuse" | "down" | "ok", DeliveryOutcome> = {
      refuse: {
        ok: false,
        retryable: false,
        status: 400,
        error: "HTTP 400 from the lead function: Name is required",
      },
      down: { ok: false, retryable: true, status: 503, error: "HTTP 503 from the lead function" },
      ok: { ok: true, created: true },
    };
    let answer: keyof typeof answers = "refuse";
    const keys: string[] = [];
    const deliver: Deliver = async (_config, { idempotencyKey }) => {
      keys.push(idempotencyKey);
      return answers[answer];
    };
    const flush = await runWith({ supabase: SUPABASE, deliver }, "flush");
    expect(flush.code).toBe(1);
    expect(flush.out).toBe("Sent 0; will retry 0; refused 1. Still owed: 0.");

    const failed = await run("list", "--failed");
    expect(failed.out).toMatch(/Why refused/);
    expect(failed.out).toMatch(/Refused Lead.*HTTP 400 from the lead function: Name is required/);
    expect(failed.out).toContain("Send one again: npm run leads -- retry ID");

    answer = "down";
    const stillDown = await runWith(
      { supabase: SUPABASE, deliver },
      "retry",
      refused.id.slice(0, 8),
    );
    expect(stillDown.out).toBe("Sent 0; will retry 1; refused 0. Still owed: 1.");
    answer = "ok";
    const flushed = await runWith({ supabase: SUPABASE, deliver }, "flush");
    expect(flushed).toMatchObject({
      code: 0,
      out: "Sent 1; will retry 0; refused 0. Still owed: 0.",
    });
    expect((await run("list", "--failed")).out).toBe("No lead or e-mail was refused.");
    expect((await run("show", refused.id)).out).toMatch(/Delivery:\s+create, 3 attempts, sent/);
    expect(new Set(keys)).toEqual(new Set([refused.idempotencyKey]));

    expect((await runWith({ supabase: SUPABASE, deliver }, "retry", refused.id)).code).toBe(1);
    expect((await run("flush")).err).toMatch(/Nothing is sent from here/);
  });

  it("retry --all sends every dead letter again as the lead now stands: a retry never rolls the CRM back (#34)", async () => {
    const inbox = openLeadInbox(file);
    const { lead, token } = storeLead(inbox, { name: "Roll Back" }, { forwarding: true });
    const other = storeLead(inbox, { name: "Other Lead" }, { forwarding: true }).lead;
    const sent: { id: unknown; frequency: unknown; version: unknown }[] = [];
    let refuse = false;
    const deliver: Deliver = async (_config, { payload }) => {
      if (refuse)
        return {
          ok: false,
          retryable: false,
          status: 404,
          error: "HTTP 404 from the lead function",
        };
      sent.push({ id: payload.id, frequency: payload.frequency, version: payload.version });
      return { ok: true, created: true };
    };
    const change = (frequency: "monthly" | "quarterly") =>
      inbox.update(lead.id, token, { frequency }, { forwarding: true, mail: null });
    expect((await runWith({ supabase: SUPABASE, deliver }, "flush")).code).toBe(0);
    change("monthly");
    refuse = true; // a redeploy answers 404 for a moment: the Monthly update is a dead letter
    expect((await runWith({ supabase: SUPABASE, deliver }, "flush")).code).toBe(1);
    refuse = false;
    change("quarterly");
    expect((await runWith({ supabase: SUPABASE, deliver }, "flush")).code).toBe(0);
    inbox.close();

    const sentBefore = sent.length;
    const asked: unknown[] = [];
    const functionOutbox: typeof callFunctionOutbox = async (_config, command) => {
      asked.push(command);
      return { ok: true, answer: { success: true, requeued: 2 } };
    };
    const retried = await runWith(
      { supabase: SUPABASE, deliver, functionOutbox },
      "retry",
      "--all",
    );
    expect(retried).toMatchObject({
      code: 0,
      out: "CRM posts queued again in Supabase: 2.\nSent 0; will retry 0; refused 0. Still owed: 0.",
    });
    // The function's own dead CRM posts are requeued too, every lead's.
    expect(asked).toEqual([{ action: "retry", leadId: null }]);
    // The requeued Monthly row is settled by Quarterly, sent after it: nothing older goes again.
    expect(sent.slice(sentBefore)).toEqual([]);
    const mine = sent.filter((call) => call.id === lead.id);
    expect(mine.map((call) => call.frequency)).not.toContain("monthly");
    expect(mine.at(-1)?.frequency).toBe("quarterly");
    const versions = mine.map((call) => Number(call.version));
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(sent.filter((call) => call.id === other.id)).toHaveLength(1);
    expect((await runWith({ supabase: SUPABASE, deliver }, "retry", "--all")).err).toBe(
      "Nothing was refused: there is nothing to send again.",
    );
  });

  it("backs the inbox up into backups/ beside it, and says what the copy holds", async () => {
    seed();
    const { code, out } = await run("backup", "--keep", "3");
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toMatch(
      new RegExp(
        `^Backed up ${file} to ${dir}/backups/leads-\\d{4}-\\d\\d-\\d\\dT[\\d-]+\\.\\d{3}Z\\.db \\(\\d+ KB\\)\\.$`,
      ),
    );
    expect(lines.slice(1)).toEqual([
      `Checked: SQLite's integrity check passed; schema version ${SCHEMA_VERSION}.`,
      "It holds 2 leads (1 more flagged as spam), e-mails 0, CRM deliveries 0.",
    ]);
    const named = await run("backup", path.join(dir, "copy.db"));
    expect(named.out.split("\n")[0]).toMatch(`to ${path.join(dir, "copy.db")} (`);
  });

  it("refuses a backup's bad arguments before touching anything", async () => {
    seed();
    expect(await run("backup", "--keep", "0")).toEqual({
      code: 2,
      out: "",
      err: "--keep takes how many dated backups to keep, a whole number from 1, e.g. --keep 14",
    });
    const toFile = await run("backup", path.join(dir, "copy.db"), "--keep", "2");
    expect(toFile.code).toBe(2);
    expect(toFile.err).toBe(
      `--keep rotates dated backups in a folder; ${path.join(dir, "copy.db")} is a file. Name a folder, e.g. backups/`,
    );
    expect((await run("backup", "a.db", "b.db")).code).toBe(2);
    expect((await run("restore")).code).toBe(2);
    expect(existsSync(path.join(dir, "backups"))).toBe(false);
  });

  it("restores a backup, telling what was replaced, kept and still owed", async () => {
    seed();
    expect((await run("backup", path.join(dir, "copy.db"))).code).toBe(0);
    const missing = await run("restore", path.join(dir, "nope.db"));
    expect(missing).toMatchObject({
      code: 1,
      err: `No file at ${path.join(dir, "nope.db")}: nothing was changed.`,
    });
    const inbox = openLeadInbox(file);
    storeLead(inbox, { name: "After The Backup" });
    inbox.close();
    const refused = await run("restore", path.join(dir, "copy.db"));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/--force$/);
    const { code, out } = await run("restore", path.join(dir, "copy.db"), "--force");
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toBe(
      `Restored ${file} from ${path.join(dir, "copy.db")} (SQLite's integrity check passed; schema version ${SCHEMA_VERSION}).`,
    );
    expect(lines[1]).toBe(
      "It holds 2 leads (1 more flagged as spam), e-mails 0, CRM deliveries 0.",
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^The replaced inbox is kept as ${file}\\.replaced-\\S+; it held 3 leads \\(1 more flagged as spam\\)`,
      ),
    );
    expect(lines[3]).toMatch(
      /^Only in the replaced inbox, not merged: 1 lead received after the backup, 0 changed since\. See them: LEADS_DB_PATH=\S+ npm run leads -- list$/,
    );
    expect(lines[4]).toBe("Start the server again.");
    expect((await run("list")).out).not.toContain("After The Backup");
  });
});
