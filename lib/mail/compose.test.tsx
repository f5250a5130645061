import { describe, expect, it } from "vitest";
import { leadFixture } from "@/tests/support/leads";
import { SAMPLE_ATTRIBUTION } from "@/tests/support/quote";
import type { StoredQuote } from "@shared/leads/store-contract";
import { composeMail } from "./compose";

const ADDRESSES = {
  from: { name: "Suncoast Shine", address: "quotes@suncoastshine.example" },
  notifyTo: ["owner@suncoastshine.example"],
};
/** The plain-text part with its line wrapping undone. */
const flat = (text: string) => text.replace(/\s+/g, " ");
const REASON = "sent 850 ms after the visitor first touched the calculator (people take over 3 s)";

describe("the owner's e-mail about a lead a bot trap flagged", () => {
  it("says so in its subject and heading, with the reason and the command that releases it", async () => {
    const lead = leadFixture({ name: "Dana Ruiz" }, { spamReason: REASON });
    for (const kind of ["owner", "owner_update"] as const) {
      const mail = await composeMail({ lead, kind, seq: kind === "owner" ? 0 : 1 }, ADDRESSES);
      expect(mail.subject).toMatch(/^\[Suspected spam\] (New quote|Quote updated): Dana R\. — /);
      expect(mail.text).toMatch(/SUSPECTED SPAM: (NEW QUOTE REQUEST|QUOTE UPDATED)/);
      expect(mail.html).toMatch(/<h1[^>]*>Suspected spam: (new quote request|quote updated)<\/h1>/);
      expect(flat(mail.text)).toContain(`A bot trap flagged this request: ${REASON}.`);
      expect(flat(mail.text)).toContain("the visitor has not been e-mailed");
      expect(flat(mail.text)).toContain(`release it: npm run leads -- release ${lead.id}`);
    }
  });

  it("is absent from a real lead's e-mail", async () => {
    const lead = leadFixture({ name: "Dana Ruiz" });
    const mail = await composeMail({ lead, kind: "owner", seq: 0 }, ADDRESSES);
    expect(mail.subject).toMatch(/^New quote: Dana R\. — /);
    expect(mail.text).not.toMatch(/spam|bot trap/i);
  });
});

describe("the owner's e-mail about a service address outside the area", () => {
  it("says how many miles outside, above the details", async () => {
    const lead = leadFixture({ address: "2200 First St, Fort Myers, FL 33901" });
    const mail = await composeMail({ lead, kind: "owner", seq: 0 }, ADDRESSES);
    const line = /ZIP 33901 is (\d+) miles outside the service area\./;
    for (const part of [flat(mail.text), mail.html]) {
      expect(part).toMatch(line);
      expect(part.search(line)).toBeLessThan(part.indexOf("2200 First St"));
    }
    // To the circle's edge: Fort Myers is about 110 miles from its middle, the radius 31.
    expect(Number(line.exec(mail.text)?.[1])).toBeGreaterThan(60);
    expect(Number(line.exec(mail.text)?.[1])).toBeLessThan(90);
  });

  it("says nothing of a served ZIP code, an unknown one, or an address without one", async () => {
    for (const address of [
      "4012 W Bay Ave, Tampa, FL 33611",
      "1 Main St, Nowhere 00000",
      "12345 Gulf Blvd, Madeira Beach",
    ]) {
      const lead = leadFixture({ address });
      const mail = await composeMail({ lead, kind: "owner", seq: 0 }, ADDRESSES);
      expect(mail.text, address).not.toContain("outside the service area");
    }
  });
});

describe("the owner's e-mail: where the visit came from", () => {
  it("lists the campaign, the referrer and the landing page of a new quote request", async () => {
    const attribution = SAMPLE_ATTRIBUTION;
    const lead = leadFixture({ attribution });
    const mail = await composeMail({ lead, kind: "owner", seq: 0 }, ADDRESSES);
    const text = flat(mail.text);
    for (const [label, value] of Object.entries(attribution).filter(
      ([name]) => name !== "referrer" && name !== "landingPage",
    )) {
      expect(text).toContain(`${label.toUpperCase()} ${value}`);
      expect(mail.html).toMatch(new RegExp(`${label}</[^>]+>.*?${value}`, "s"));
    }
    expect(text).toContain("REFERRER https://www.google.com/");
    expect(text).toMatch(/LANDING PAGE https?:\/\/[^ ]+\/locations\/tampa/);
    expect(text).not.toMatch(/utm_term/i);
  });

  it("says none was recorded when the lead carries none", async () => {
    const lead = leadFixture();
    const mail = await composeMail({ lead, kind: "owner", seq: 0 }, ADDRESSES);
    expect(flat(mail.text)).toContain(
      "ATTRIBUTION (no campaign, referrer or landing page recorded)",
    );
  });
});

describe("the owner's e-mail about a CRM delivery given up on", () => {
  const deadLetter = {
    event: "lead.created",
    error: "HTTP 422 from the CRM webhook: unknown field",
    owedSince: "2026-11-23T11:10:00.000Z",
  };

  it("names the lead, what failed and since when, and the command that retries it", async () => {
    const lead = leadFixture({ name: "Dana Ruiz" });
    const mail = await composeMail({ lead, kind: "dead_letter", seq: 1, deadLetter }, ADDRESSES);
    const prefix = lead.id.slice(0, 8);
    expect(mail.subject).toBe(`CRM delivery failed: Dana R. (${prefix})`);
    expect(mail.to).toEqual(ADDRESSES.notifyTo);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.headers["Auto-Submitted"]).toBe("auto-generated");
    expect(mail.messageId).toBe(`<${lead.id}.dead-letter-1@suncoastshine.example>`);
    expect(mail.html).toMatch(/<h1[^>]*>CRM delivery failed<\/h1>/);
    const text = flat(mail.text);
    expect(text).toContain("LEAD Dana Ruiz");
    expect(text).toContain(`LEAD ID ${prefix}`);
    expect(text).toContain("WHAT FAILED Sending the new lead to the CRM");
    expect(text).toContain("LAST ERROR HTTP 422 from the CRM webhook: unknown field");
    // In the business's time zone (SITE.timeZone, America/New_York).
    expect(text).toContain("OWED SINCE Mon, Nov 23, 2026, 6:10 AM EST");
    expect(text).toContain(`npm run leads -- retry ${lead.id}`);
    expect(mail.html).toContain(`npm run leads -- retry ${lead.id}`);
  });

  it("says a change's post failed when it was one", async () => {
    const lead = leadFixture();
    const mail = await composeMail(
      { lead, kind: "dead_letter", seq: 2, deadLetter: { ...deadLetter, event: "lead.updated" } },
      ADDRESSES,
    );
    expect(flat(mail.text)).toContain("WHAT FAILED Sending a change of the lead to the CRM");
  });

  it("cannot be composed without the CRM row it is about", async () => {
    const lead = leadFixture();
    await expect(composeMail({ lead, kind: "dead_letter", seq: 1 }, ADDRESSES)).rejects.toThrow(
      "needs the CRM row",
    );
  });
});

describe('the owner\'s "Quote updated" e-mail', () => {
  const at = new Date().toISOString();
  const changes: StoredQuote["changes"] = [
    { version: 2, at, fields: { email: ["old@example.com", "dana@example.com"] } },
    {
      version: 3,
      at,
      fields: { frequency: ["quarterly", "monthly"], totalPrice: [220, 175], stories: [null, "2"] },
    },
    {
      version: 4,
      at,
      fields: { frequency: ["monthly", "quarterly"], "addOns.screens": [false, true] },
    },
  ];

  it("says what changed since the owner was last told, before -> now, one line a field", async () => {
    const lead = leadFixture({ name: "Dana Ruiz" }, { version: 4, changes });
    const mail = await composeMail(
      { lead, kind: "owner_update", seq: 1, toldVersion: 2 },
      ADDRESSES,
    );
    const text = flat(mail.text);
    expect(text).toContain("CHANGED: FIRST VISIT $220 → $175");
    expect(text).toContain("CHANGED: STORIES (none) → 2 stories");
    expect(text).toContain("CHANGED: SCREEN CLEANING no → yes");
    // Told of at version 2, and a plan changed and changed back: neither is news.
    expect(text).not.toContain("CHANGED: EMAIL");
    expect(text).not.toContain("CHANGED: PLAN");
  });
});
