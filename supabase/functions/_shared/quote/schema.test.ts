import { describe, expect, it } from "vitest";
import { ADD_ONS } from "../content/pricing.ts";
import { validQuote } from "@/tests/support/quote";
import { CONTACT_FIELDS } from "./choices.ts";
import {
  contactFieldIssue,
  firstIssue,
  keptAttribution,
  quoteRequestSchema,
  quoteUpdateSchema,
} from "./schema.ts";

/** The message the visitor would see for this submission, or "ok". */
function messageFor(overrides: Record<string, unknown>): string {
  const result = quoteRequestSchema.safeParse({ ...validQuote(), ...overrides });
  return result.success ? "ok" : firstIssue(result.error).message;
}

const EMAIL_254 = `${"a".repeat(242)}@example.com`;
const PHONE_MESSAGE = "Phone must be 10 digits, like (727) 555-0123";

describe("quote request schema: validation rules and messages", () => {
  it.each([
    ["name", { name: "" }, "Name is required"],
    ["name of spaces", { name: "   " }, "Name is required"],
    ["name at 99", { name: "n".repeat(99) }, "ok"],
    ["name at 99 plus surrounding spaces", { name: `  ${"n".repeat(99)}  ` }, "ok"],
    ["name at 100", { name: "n".repeat(100) }, "Name must be less than 100 characters"],
    ["email without @", { email: "jane.example.com" }, "Invalid email address"],
    ["email without domain dot", { email: "jane@example" }, "Invalid email address"],
    ["blank email", { email: "  " }, "Invalid email address"],
    ["email at 254", { email: EMAIL_254 }, "ok"],
    ["email at 255", { email: `a${EMAIL_254}` }, "Email must be less than 255 characters"],
    ["phone", { phone: "" }, "Phone is required"],
    ["phone of spaces", { phone: "  " }, "Phone is required"],
    ["phone of ten digits", { phone: "7275550123" }, "ok"],
    ["phone with +1 and an extension", { phone: "+1 (727) 555-0199 x12" }, "ok"],
    ["phone with ext.", { phone: "727.555.0199 ext. 1234" }, "ok"],
    ["phone of nine digits", { phone: "(727) 555-012" }, PHONE_MESSAGE],
    ["phone of eleven digits not +1", { phone: "27275550123" }, PHONE_MESSAGE],
    ["phone of letters", { phone: "call me" }, PHONE_MESSAGE],
    ["phone of twenty digits", { phone: "1".repeat(20) }, PHONE_MESSAGE],
    ["phone with a five-digit extension", { phone: "727-555-0199 x12345" }, PHONE_MESSAGE],
    ["address", { address: "" }, "Address is required"],
    ["address at 254", { address: "a".repeat(254) }, "ok"],
    ["address at 255", { address: "a".repeat(255) }, "Address must be less than 255 characters"],
    ["message left out", { message: undefined }, "ok"],
    ["message of another type", { message: 5 }, "Message must be text"],
    ["empty message", { message: "" }, "ok"],
    ["message at 999", { message: "m".repeat(999) }, "ok"],
    ["message at 1000", { message: "m".repeat(1000) }, "Message must be less than 1000 characters"],
  ])("%s → %s", (_case, overrides, expected) => {
    expect(messageFor(overrides)).toBe(expected);
  });

  it("trims every text before checking and storing it", () => {
    const result = quoteRequestSchema.parse(
      validQuote({
        name: "  Jane  ",
        email: " jane@example.com ",
        phone: " 813-555-0100 ",
        address: " 1 Main St ",
        message: " hi ",
      }),
    );
    expect(result).toMatchObject({
      name: "Jane",
      email: "jane@example.com",
      phone: "(813) 555-0100",
      address: "1 Main St",
      message: "hi",
    });
  });

  it("removes invisible format characters from every text before its rules and storing it", () => {
    const around = (text: string) => `\u200B\uFEFF${text}\u2060\u200E`;
    const result = quoteRequestSchema.parse(
      validQuote({
        name: around("Jane"),
        email: around("jane@example.com"),
        phone: around("813-555-0100"),
        address: around("1 Main St"),
        message: around("Gate 👨\u200D👩\u200D👧"),
      }),
    );
    expect(result).toMatchObject({
      name: "Jane",
      email: "jane@example.com",
      phone: "(813) 555-0100",
      address: "1 Main St",
      message: "Gate 👨\u200D👩\u200D👧",
    });
    expect(messageFor({ name: "\u200B\u200D\u202E " })).toBe("Name is required");
    expect(messageFor({ address: "\uFEFF" })).toBe("Address is required");
    expect(messageFor({ phone: "\u200B" })).toBe("Phone is required");
    expect(messageFor({ name: `\u200B${"n".repeat(99)}\u200B` })).toBe("ok");
    expect(contactFieldIssue("name", "\u200B")).toBe("Name is required");
  });

  it("keeps a phone number as the owner reads it, within the store's 20 characters", () => {
    const phoneOf = (phone: string) => quoteRequestSchema.parse(validQuote({ phone })).phone;
    expect(phoneOf("+1 727.555.0199")).toBe("(727) 555-0199");
    expect(phoneOf("1-727-555-0199 Extension 1234")).toBe("(727) 555-0199 x1234");
    expect(phoneOf("(727)5550199#12")).toBe("(727) 555-0199 x12");
    expect(phoneOf("+1 (727) 555-0199 x1234").length).toBeLessThanOrEqual(20);
  });

  it("accepts a request without the optional message key", () => {
    const withoutMessage: Record<string, unknown> = { ...validQuote() };
    delete withoutMessage.message;
    expect(quoteRequestSchema.safeParse(withoutMessage).success).toBe(true);
  });

  it("shows only the first failing field, in the form's order (phone above e-mail)", () => {
    expect(messageFor({ name: "", email: "bad", phone: "" })).toBe("Name is required");
    expect(messageFor({ email: "bad", phone: "" })).toBe("Phone is required");
    expect(messageFor({ email: "bad", address: "" })).toBe("Invalid email address");
    expect(messageFor({ phone: "", address: "" })).toBe("Phone is required");
  });

  it("rejects unknown keys and bad choices", () => {
    const extra = { ...validQuote(), admin: true };
    const result = quoteRequestSchema.safeParse(extra);
    expect(result.success || firstIssue(result.error).message).toBe("Unknown field: admin");
    expect(messageFor({ paneCount: "0-1000" })).toBe("Choose a pane count range");
    expect(messageFor({ frequency: "weekly" })).toBe("Choose a service plan");
    expect(messageFor({ stories: "5" })).toBe("Choose the number of stories");
    expect(messageFor({ isPostConstruction: "maybe" })).toBe(
      "Choose yes or no for post-construction",
    );
    expect(messageFor({ totalPrice: -1 })).toBe("totalPrice must not be negative");
    expect(messageFor({ totalPrice: 12.5 })).toBe("totalPrice must be a whole number of dollars");
  });

  it("accepts the last two answers empty at step 4 or given", () => {
    expect(messageFor({ isPostConstruction: "", stories: "" })).toBe("ok");
    expect(messageFor({ isPostConstruction: "no", stories: "4+" })).toBe("ok");
  });
});

describe("quote request schema: attribution", () => {
  const attribution = (value: Record<string, unknown>) => messageFor({ attribution: value });

  it.each([
    [
      "every field",
      {
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "spring sale",
        utm_term: "window cleaning",
        utm_content: "ad-1",
        gclid: "abc123",
        gbraid: "0AAAA",
        wbraid: "CjkK",
        referrer: "https://www.google.com/",
        landingPage: "/locations/tampa",
      },
      "ok",
    ],
    ["none", {}, "ok"],
    ["utm_source at 200", { utm_source: "s".repeat(200) }, "ok"],
    [
      "utm_source at 201",
      { utm_source: "s".repeat(201) },
      "utm_source must be at most 200 characters",
    ],
    ["gclid at 201", { gclid: "g".repeat(201) }, "gclid must be at most 200 characters"],
    ["an empty utm_campaign", { utm_campaign: "" }, "utm_campaign must not be empty"],
    ["a line break", { utm_term: "a\nb" }, "utm_term must be printable text"],
    [
      "a bidirectional override",
      { utm_content: "ad\u202Egnp" },
      "utm_content must be printable text",
    ],
    ["a number", { utm_medium: 5 }, "utm_medium must be text"],
    ["a referrer that is no URL", { referrer: "google" }, "referrer must be an http(s) URL"],
    [
      "a javascript: referrer",
      { referrer: "javascript:alert(1)" },
      "referrer must be an http(s) URL",
    ],
    [
      "a referrer at 2049",
      { referrer: `https://a.example/${"p".repeat(2031)}` },
      "referrer must be at most 2048 characters",
    ],
    [
      "a landing page on another site",
      { landingPage: "https://evil.example/" },
      "landingPage must be a path on this site",
    ],
    [
      "a protocol-relative landing page",
      { landingPage: "//evil.example/" },
      "landingPage must be a path on this site",
    ],
    [
      "a backslash landing page",
      { landingPage: "/\\evil.example" },
      "landingPage must be a path on this site",
    ],
    [
      "a landing page at 2049",
      { landingPage: `/${"p".repeat(2048)}` },
      "landingPage must be at most 2048 characters",
    ],
    ["an unknown key", { fbclid: "x" }, "Unknown field: fbclid"],
  ])("%s", (_, value, expected) => {
    expect(attribution(value)).toBe(expected);
  });

  it("keeps only the values that pass, never cutting one short", () => {
    expect(
      keptAttribution({
        utm_source: "google",
        utm_medium: "",
        utm_campaign: "c".repeat(201),
        gclid: "abc123",
        referrer: "android-app://com.google.android.gm/",
        landingPage: "/locations/tampa",
        fbclid: "dropped",
      }),
    ).toEqual({ utm_source: "google", gclid: "abc123", landingPage: "/locations/tampa" });
  });
});

describe("quote update schema", () => {
  const parse = (body: unknown) => quoteUpdateSchema.safeParse(body);
  const message = (body: unknown) => {
    const parsed = parse(body);
    return parsed.success ? "ok" : firstIssue(parsed.error).message;
  };

  it("takes the calculator's answers, plan and shown total, and nothing else", () => {
    expect(message({ isPostConstruction: "yes", stories: "2", frequency: "monthly" })).toBe("ok");
    expect(message({ isPostConstruction: "", stories: "2", frequency: "monthly" })).toBe(
      "Choose yes or no for post-construction",
    );
    expect(
      message({ isPostConstruction: "no", stories: "2", frequency: "monthly", totalPrice: 145 }),
    ).toBe("ok");
    expect(message({ frequency: "monthly", totalPrice: -1 })).toBe(
      "totalPrice must not be negative",
    );
    expect(message({ frequency: "monthly", price: 1 })).toBe("Unknown field: price");
  });

  it("takes the saved-quote page's plan and add-ons, or a visit window, alone", () => {
    expect(
      message({ frequency: "biannual", addOns: { interior: true, screens: false, tracks: false } }),
    ).toBe("ok");
    expect(message({ visitWindow: { earliestDate: "2026-12-01", partOfDay: "any" } })).toBe("ok");
    expect(parse({ frequency: "monthly" }).data).toEqual({ frequency: "monthly" });
  });

  it("takes the one add-on a tap changed, and refuses an empty or unknown one", () => {
    expect(parse({ addOns: { interior: true } }).data).toEqual({ addOns: { interior: true } });
    expect(message({ addOns: {} })).toBe("The update changes nothing");
    expect(message({ addOns: { interior: "yes" } })).toBe("addOns.interior must be true or false");
    expect(message({ addOns: { gutters: true } })).toBe("Unknown field: gutters");
  });

  it("refuses an empty update and a malformed visit window with a message", () => {
    expect(message({})).toBe("The update changes nothing");
    expect(message({ visitWindow: { earliestDate: "1 Dec", partOfDay: "any" } })).toBe(
      "Choose an earliest date for the visit",
    );
    expect(message({ visitWindow: { earliestDate: "2026-12-01", partOfDay: "night" } })).toBe(
      "Choose morning, afternoon or any time",
    );
    expect(message({ visitWindow: "soon" })).toBe(
      "The visit window must be an object of earliestDate and partOfDay",
    );
    expect(
      message({ visitWindow: { earliestDate: "2026-12-01", partOfDay: "any", time: "9:00" } }),
    ).toBe("Unknown field: time");
  });
});

describe("the lists the schema is built from", () => {
  it("checks the contact fields in CONTACT_FIELDS' order, and every add-on of the price table", () => {
    expect(Object.keys(quoteRequestSchema.shape).slice(0, CONTACT_FIELDS.length)).toEqual([
      ...CONTACT_FIELDS,
    ]);
    expect(Object.keys(quoteRequestSchema.shape.addOns.shape)).toEqual(
      ADD_ONS.map((addOn) => addOn.id),
    );
  });
});
