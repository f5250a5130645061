import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { siteUrl } from "@/lib/site-url";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";
import { E2E_MIN_FORM_MS, finishQuote, reachStepFive } from "../e2e/quote-flow";
import { waitForScripts } from "../e2e/test";
import { validQuote } from "../support/quote";
import { type Received } from "../support/smtp-sink";
import {
  OWNER,
  browserHeaders,
  mailStatuses,
  startSiteWithMail,
  type SiteServer,
} from "./site-server";

/**
 * Notifications against a real SMTP server run in this process: what each side receives, the
 * owner's e-mail coalescing the answers given within its window, and delivery exactly once across
 * an SMTP outage, a kill -9 of the site and a 550 refusal.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

test.use({ launchOptions: { executablePath: resolveChromium(), args: CHROMIUM_ARGS } });

/** The settings of these tests' servers on top of startSiteWithMail's: the owner's mail window. */
function mailSettings(timing: { window: number; settle: number }) {
  return {
    MAIL_WINDOW_MS: String(timing.window),
    MAIL_SETTLE_MS: String(timing.settle),
    LEADS_CREATE_LIMIT: "1000",
    LEADS_UPDATE_LIMIT: "1000",
    LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
  };
}

async function createLead(
  site: SiteServer,
  quote: Parameters<typeof validQuote>[0],
  traps: Record<string, unknown> = {},
) {
  const response = await fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: browserHeaders(site, { "idempotency-key": randomUUID() }),
    body: JSON.stringify({ ...validQuote(quote), [FORM_TIME_KEY]: 20_000, ...traps }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; token: string };
}

async function patchLead(
  site: SiteServer,
  lead: { id: string; token: string },
  update: { isPostConstruction: string; stories: string; frequency: string },
) {
  const response = await fetch(`${site.url}/api/quote/${lead.id}`, {
    method: "PATCH",
    headers: browserHeaders(site, { authorization: `Bearer ${lead.token}` }),
    body: JSON.stringify(update),
  });
  expect(response.status).toBe(200);
}

const messageIdOf = (received: Received) => received.mail.messageId ?? "";
const headerBlock = (received: Received) => received.raw.split(/\r?\n\r?\n/)[0] ?? "";

test("a quote completed in Chromium brings both e-mails, right; spam the owner's alone, marked; text stays text; the cap holds", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { site, smtp, database, close } = await startSiteWithMail(
    mailSettings({ window: 60_000, settle: 0 }),
  );
  try {
    // A visitor, in the browser, to the end: steps 1-6.
    const visitor = "dana.browser@example.com";
    await page.goto(`${site.url}/`);
    await waitForScripts(page);
    await reachStepFive(page, {
      panes: "41-60",
      plan: "Quarterly",
      addOns: ["Interior Cleaning"],
      contact: {
        name: "Dana Ruiz",
        phone: "(727) 555-0123",
        email: visitor,
        address: "200 Main St, Dunedin, FL",
        message: "Side gate is open",
      },
    });
    await finishQuote(page);

    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(2);
    const toVisitor = smtp.received.find((each) => each.to.includes(visitor));
    const toOwner = smtp.received.find((each) => each.to.includes(OWNER));
    const { sql } = database;
    const [lead] = await sql`select id from public.quote_requests where email = ${visitor}`;
    const leadId = String(lead?.id);

    expect(toVisitor?.mail.subject).toBe("We received your quote request");
    expect(toVisitor?.mail.from?.value[0]).toMatchObject({
      name: "Suncoast Shine",
      address: "quotes@suncoastshine.example",
    });
    expect(toVisitor?.mail.messageId).toBe(`<${leadId}.visitor@suncoastshine.example>`);
    const visitorText = toVisitor?.mail.text ?? "";
    expect(visitorText).toMatch(/thank you, dana!/i); // the plain text capitalises headings
    for (const expected of ["41-60 panes", "Quarterly", "Interior Cleaning", "$395"]) {
      expect(visitorText).toContain(expected);
    }
    expect(visitorText).toContain("$100"); // the quarterly plan's first-visit saving
    expect(visitorText).toContain("This is an estimated quote.");
    expect(visitorText).toContain("within 24 hours");
    expect(visitorText).toContain("(813) 555-0147");
    // Nothing typed but the first name: no surname, address, message or phone.
    for (const typed of ["Ruiz", "Main St", "Side gate", "555-0123"]) {
      expect(toVisitor?.raw).not.toContain(typed);
    }
    expect(toVisitor?.mail.html).toBeTruthy();
    expect(toVisitor?.raw).not.toMatch(/<img|src="http/i);
    // The confirmation links to the visitor's saved quote, the link the result view offers, which
    // also says it was e-mailed; the link is in the body only, and forgotten once sent.
    const quoteLink = await page.getByRole("textbox", { name: "Your quote link" }).inputValue();
    expect(quoteLink).toContain(`/my-quote#${leadId}.`);
    await expect(page.getByText("We have e-mailed you this link too.")).toBeVisible();
    expect(toVisitor?.mail.html).toContain(`href="${quoteLink}"`);
    expect(visitorText).toContain(quoteLink);
    const token = quoteLink.split(".").at(-1) ?? "";
    expect(token.length).toBeGreaterThan(20);
    expect(toVisitor?.raw.split(/\r?\n\r?\n/)[0]).not.toContain(token);
    expect([
      ...(await sql`
        select quote_token from public.lead_outbox
        where lead_id = ${leadId} and channel = 'mail' and kind = 'visitor'`),
    ]).toEqual([{ quote_token: null }]);

    expect(toOwner?.mail.subject).toBe("New quote: Dana R. — $395/visit, Quarterly, Dunedin");
    expect(toOwner?.mail.replyTo?.value[0]?.address).toBe(visitor);
    expect(toOwner?.mail.messageId).toBe(`<${leadId}.owner@suncoastshine.example>`);
    const ownerText = toOwner?.mail.text ?? "";
    for (const expected of [
      "Dana Ruiz",
      "(727) 555-0123",
      visitor,
      "200 Main St, Dunedin, FL",
      "Side gate is open",
      "41-60 panes",
      "Quarterly",
      "Interior Cleaning",
      "no", // post-construction
      "2 stories",
      "$395",
      "$100",
      siteUrl("/"), // the page it came from, on the site's public URL (fixed at build)
      leadId,
    ]) {
      expect(ownerText).toContain(expected);
    }
    expect(ownerText).toMatch(/E[SD]T/); // the owner's time zone
    expect(toOwner?.mail.html).toContain('href="tel:+17275550123"');
    expect(toOwner?.mail.html).toContain(`href="mailto:${visitor}"`);

    // A spam-flagged request reaches the owner, marked; the visitor's confirmation is held.
    const spam = await createLead(
      site,
      { name: "Bot Spammer", email: "bot@example.com" },
      { [HONEYPOT_KEY]: "https://spam.example" },
    );
    await patchLead(site, spam, { isPostConstruction: "no", stories: "1", frequency: "monthly" });

    // Control characters never reach a header; HTML stays text.
    const evil = await createLead(site, {
      name: "Eve\r\nBcc: victim@example.com\u0007 <b>Bold</b>",
      email: "eve@example.com",
      address: "1 Evil Way\r\nX-Injected: yes, Tampa, FL",
      message: '<img src="https://tracker.example/x.png"> & <script>alert(1)</script>',
    });
    await patchLead(site, evil, { isPostConstruction: "no", stories: "1", frequency: "monthly" });

    // The cap: a fourth confirmation to one address within 24 hours is not sent.
    const capped = "capped@example.com";
    const repeats = [];
    for (let i = 0; i < 4; i++)
      repeats.push(await createLead(site, { name: `Repeat ${i}`, email: capped }));
    for (const lead of repeats) {
      await patchLead(site, lead, { isPostConstruction: "no", stories: "1", frequency: "monthly" });
    }

    // Everything owed is sent: 2 for Eve, 4 owner e-mails and 3 confirmations for the repeats, the
    // owner's about the spam; its confirmation waits for the owner's word.
    await expect
      .poll(() => mailStatuses(sql), { timeout: 30_000 })
      .toEqual(["capped 1", "held 1", "sent 12"]);
    expect(smtp.received).toHaveLength(12);
    expect(smtp.received.filter((each) => each.to.includes(capped))).toHaveLength(3);
    expect(smtp.received.filter((each) => each.to.includes(OWNER))).toHaveLength(7);
    expect(smtp.received.some((each) => each.to.includes("bot@example.com"))).toBe(false);
    const spamMail = smtp.received.filter((each) => each.raw.includes("Spammer"));
    expect(spamMail.map((each) => [each.to, each.mail.subject])).toEqual([
      [[OWNER], "[Suspected spam] New quote: Bot S. — $295/visit, Monthly, Tampa"],
    ]);
    expect((spamMail[0]?.mail.text ?? "").replace(/\s+/g, " ")).toContain(
      "A bot trap flagged this request: the hidden honeypot field was filled in.",
    );

    const eveMails = smtp.received.filter((each) => each.raw.includes(evil.id));
    expect(eveMails).toHaveLength(2);
    for (const received of eveMails) {
      const headers = headerBlock(received);
      expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
      expect(received.to).not.toContain("victim@example.com");
      expect(received.mail.subject ?? "").not.toMatch(/[\u0000-\u001f\u007f]/);
    }
    const eveOwner = eveMails.find((each) => each.to.includes(OWNER));
    expect(eveOwner?.mail.subject).toBe("New quote: Eve B. — $295/visit, Monthly, Tampa");
    expect(eveOwner?.mail.replyTo?.value[0]?.address).toBe("eve@example.com");
    const html = String(eveOwner?.mail.html);
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");

    // The e-mails are readable: axe on the owner's HTML parts (a real lead's, and one marked as
    // suspected spam), as a mail program would show them.
    for (const part of [html, String(spamMail[0]?.mail.html)]) {
      await page.setContent(part);
      const axe = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(axe.violations).toEqual([]);
    }
  } finally {
    await close();
  }
});

test("answers and a plan switch within the window make one owner e-mail; a later change one update", async () => {
  test.setTimeout(120_000);
  // The settle period is the room the test leaves between two requests: far more than two need.
  const { site, smtp, database, close } = await startSiteWithMail(
    mailSettings({ window: 10_000, settle: 6_000 }),
  );
  try {
    const lead = await createLead(site, { name: "Sam Switch", email: "sam@example.com" });
    await patchLead(site, lead, { isPostConstruction: "no", stories: "2", frequency: "quarterly" });
    await patchLead(site, lead, { isPostConstruction: "no", stories: "2", frequency: "monthly" });
    const toOwner = () => smtp.received.filter((each) => each.to.includes(OWNER));

    await expect.poll(() => toOwner().length, { timeout: 30_000 }).toBe(1);
    expect(toOwner()[0]?.mail.subject).toBe("New quote: Sam S. — $295/visit, Monthly, Tampa");

    // After it went: two changes within the window, one "Quote updated" with the last of them.
    await patchLead(site, lead, { isPostConstruction: "no", stories: "3", frequency: "monthly" });
    await patchLead(site, lead, { isPostConstruction: "no", stories: "3", frequency: "biannual" });
    await expect.poll(() => mailStatuses(database.sql), { timeout: 40_000 }).toEqual(["sent 3"]);
    const owner = toOwner();
    expect(owner.map((each) => each.mail.subject)).toEqual([
      "New quote: Sam S. — $295/visit, Monthly, Tampa",
      "Quote updated: Sam S. — $395/visit, Bi-Annual, Tampa",
    ]);
    expect(owner[1]?.mail.text).toContain("3 stories");
    expect(owner[1]?.mail.inReplyTo).toBe(`<${lead.id}.owner@suncoastshine.example>`);
    expect(owner[1]?.mail.messageId).toBe(`<${lead.id}.owner-update-1@suncoastshine.example>`);
  } finally {
    await close();
  }
});

test("an SMTP outage, a kill -9 and a 550: every e-mail delivered exactly once, the refusal kept", async () => {
  test.setTimeout(180_000);
  const mailing = await startSiteWithMail(mailSettings({ window: 2_000, settle: 0 }), {
    sinkDown: true,
  });
  const { smtp, database, env } = mailing;
  let site = mailing.site;
  try {
    smtp.refuse((address) =>
      address === "refused@example.com" ? "550 5.1.1 No such mailbox here" : null,
    );
    const leads = [];
    for (let i = 0; i < 3; i++) {
      const email = i === 0 ? "refused@example.com" : `outage${i}@example.com`;
      leads.push(await createLead(site, { name: `Outage Visitor${i}`, email }));
    }
    // Committed, tried, not sent: the server is down.
    await expect
      .poll(
        async () =>
          (
            await database.sql`
              select count(*)::int as n from public.lead_outbox
              where channel = 'mail' and attempts > 0`
          )[0]?.n,
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(6);
    await site.kill();
    await smtp.up();
    site = await mailing.startAgain();

    await expect
      .poll(() => mailStatuses(database.sql), { timeout: 60_000, intervals: [500] })
      .toEqual(["dead 1", "sent 5"]);
    const ids = smtp.received.map(messageIdOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5);
    const refusedLead = leads[0]?.id ?? "";

    const leadsCommand = (...args: string[]) =>
      promisify(execFile)("npm", ["run", "-s", "leads", "--", ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env },
      });
    const failed = await leadsCommand("list", "--failed");
    expect(failed.stdout).toContain(refusedLead.slice(0, 8));
    expect(failed.stdout).toContain("550 5.1.1 No such mailbox here");

    // The mailbox exists now: `retry` sends it, once.
    smtp.refuse(null);
    await leadsCommand("retry", refusedLead.slice(0, 8));
    await expect.poll(() => mailStatuses(database.sql), { timeout: 30_000 }).toEqual(["sent 6"]);
    const all = smtp.received.map(messageIdOf);
    expect(new Set(all).size).toBe(6);
    expect(all).toContain(`<${refusedLead}.visitor@suncoastshine.example>`);
  } finally {
    await mailing.close();
  }
});
