import { describe, expect, it } from "vitest";
import { parseQuoteFragment, parseSavedQuote, quoteFragment } from "@/lib/quote/saved-quote";
import { leadFixture } from "@/tests/support/leads";
import { firstName } from "@/lib/mail/header-text";
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
  });
});
