import { describe, expect, it } from "vitest";
import { parseQuoteFragment, parseSavedQuote, quoteFragment } from "@/lib/quote/saved-quote";
import { leadFixture } from "@/tests/support/leads";
import { PRICE_TABLE, firstVisitSaving, formatUsd } from "@shared/content/pricing";
import { currentPriceSheet, type PriceSheet } from "@shared/quote/locked-price";
import { heldPrices, quoteTotal } from "@shared/quote/pricing";
import { firstName } from "@/lib/mail/header-text";
import { savingText } from "./report";
import { maskEmail, maskPhone, savedQuoteUrl, savedQuoteView } from "./saved-quote";

describe("what a forwarded link shows of the visitor", () => {
  // The e-mail to its first letter and domain, the phone to its last four digits, the first name.
  const SHOWN = { maskEmail, maskPhone, firstName };
  it.each([
    ["maskEmail", "jane@example.com", "j•••@example.com"],
    ["maskEmail", "a.b@c@mail.example", "a•••@mail.example"],
    ["maskEmail", "nobody", "•••"],
    ["maskPhone", "(813) 555-0147", "••• ••• 0147"],
    ["maskPhone", "+1 813 555 0100 ext", "••• ••• 0100"],
    ["maskPhone", "12", "••• •••"],
    ["firstName", "  Jane  Q. Doe ", "Jane"],
    ["firstName", "Prince", "Prince"],
  ] as const)("%s(%j) is %j", (show, given, shown) => {
    expect(SHOWN[show](given)).toBe(shown);
  });
});

describe("the link and its fragment", () => {
  const key = { id: "3f2a9c1e-0000-4000-8000-000000000001", token: "AbC_d-e".repeat(5) };

  it("carries the id and token in the fragment only, and reads back", () => {
    const url = new URL(savedQuoteUrl(key.id, key.token));
    expect(url.pathname).toBe("/my-quote");
    expect(url.search).toBe("");
    expect(url.hash).toBe(quoteFragment(key));
    expect(parseQuoteFragment(url.hash)).toEqual(key);
  });

  it("reads a link pasted with the punctuation of the sentence it came from", () => {
    const hash = quoteFragment(key);
    for (const tail of [".", ")", ").", ",", "!", "%22", "%E2%80%9D", ">", "%3E.", "%20"]) {
      expect(parseQuoteFragment(`${hash}${tail}`), tail).toEqual(key);
    }
  });

  it("refuses a fragment that is not an id and a token", () => {
    for (const hash of [
      "",
      "#",
      `#${key.id}`,
      `#${key.id}.`,
      `#nope.${key.token}`,
      `#${key.id}.short`,
      `#${key.id}.${key.token.slice(0, 10)}).`,
      "#main",
    ]) {
      expect(parseQuoteFragment(hash), hash).toBeNull();
    }
  });
});

describe("the quote the API answers", () => {
  it("is what the page reads back, and nothing malformed passes", () => {
    const lead = leadFixture();
    const view = JSON.parse(JSON.stringify(savedQuoteView(lead, new Date(lead.createdAt))));
    expect(parseSavedQuote(view)).toEqual(view);
    expect(parseSavedQuote(null)).toBeNull();
    expect(parseSavedQuote({ ...view, totalPrice: "345" })).toBeNull();
    expect(parseSavedQuote({ ...view, frequency: "weekly" })).toBeNull();
    expect(parseSavedQuote({ ...view, visitWindow: { earliestDate: "soon" } })).toBeNull();
    expect(parseSavedQuote({ ...view, email: undefined })).toBeNull();
    const { plans, addOns } = view.priceSheet;
    for (const priceSheet of [
      undefined,
      { plans, addOns: { ...addOns, screens: undefined } },
      { plans: { "26-40": { ...plans["26-40"], monthly: -5 } }, addOns },
      { plans: { "0-25": plans["26-40"] }, addOns },
    ]) {
      expect(parseSavedQuote({ ...view, priceSheet }), JSON.stringify(priceSheet)).toBeNull();
    }
  });

  it("prices every plan, add-on and saving from the lead's held prices, beside its stored total", () => {
    // Quoted when the plans were $20 less and interior cleaning $80 (docs/pricing.md, "Price lock").
    const older = raisedBy(-20, currentPriceSheet());
    older.addOns.interior = 80;
    const total = quoteTotal(
      "26-40",
      "quarterly",
      { interior: true, screens: false, tracks: true },
      older,
    );
    const lead = leadFixture({}, { priceSheet: older, totalPrice: total });
    const view = savedQuoteView(lead, new Date());
    expect(view.priceSheet).toEqual({
      plans: { "26-40": older.plans["26-40"] },
      addOns: older.addOns,
    });
    expect(view.totalPrice).toBe(total);
    expect(view.firstVisitSaving).toBe(
      PRICE_TABLE["26-40"].initial - (PRICE_TABLE["26-40"].quarterly - 20),
    );
    // The e-mails and `leads show` state the same saving.
    expect(savingText(lead)).toBe(formatUsd(view.firstVisitSaving));
  });

  it("holds a lead kept before sheets were to today's table", () => {
    const view = savedQuoteView(leadFixture({}, { priceSheet: null }), new Date());
    expect(view.priceSheet).toEqual(heldPrices("26-40"));
    expect(view.firstVisitSaving).toBe(firstVisitSaving("26-40", "quarterly"));
  });
});

/** `sheet` with every plan but the one-time clean `usd` dearer. */
function raisedBy(usd: number, sheet: PriceSheet): PriceSheet {
  const plans = Object.entries(sheet.plans).map(([range, prices]) => [
    range,
    Object.fromEntries(
      Object.entries(prices).map(([plan, price]) => [
        plan,
        plan === "initial" ? price : price + usd,
      ]),
    ),
  ]);
  return { plans: Object.fromEntries(plans), addOns: { ...sheet.addOns } };
}
