import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { firstIssue, quoteRequestSchema } from "@shared/quote/schema";
import { validQuote } from "@/tests/support/quote";
import { leadDeliverySchema } from "@shared/leads/delivery-schema";
import { leadPayload, type PayloadSource } from "./payload";

/** What the server holds about a new lead: the calculator's request (a message is optional). */
const SOURCE: PayloadSource = { message: "", ...validQuote(), id: randomUUID(), sourcePage: null };

const REQUEST = {
  name: "Dana",
  phone: "8135550100",
  email: "dana@example.com",
  address: "12 Bayshore Blvd",
  paneCount: "0-25",
  frequency: "initial",
  addOns: { interior: false, screens: false, tracks: false },
  isPostConstruction: "",
  stories: "",
  totalPrice: 275,
};
const DELIVERY = { ...REQUEST, event: "create", id: randomUUID() };

const messageOf = (
  result:
    | ReturnType<typeof leadDeliverySchema.safeParse>
    | ReturnType<typeof quoteRequestSchema.safeParse>,
) => (result.success ? undefined : firstIssue(result.error).message);

describe("the delivery schema the lead function validates with", () => {
  it("takes a lead as the store holds it, under the contact rules it was taken with", () => {
    // A 100-character name and a free-form phone were taken before the request's rules tightened.
    const older = { ...DELIVERY, name: "n".repeat(100), phone: "(813) 555-01" };
    expect(quoteRequestSchema.safeParse({ ...REQUEST, ...older }).success).toBe(false);
    expect(leadDeliverySchema.safeParse(older)).toMatchObject({ success: true });
    for (const [patch, message] of [
      [{ phone: "1".repeat(21) }, "Phone must be at most 20 characters"],
      [{ address: "a".repeat(256) }, "Address must be at most 255 characters"],
      [{ message: "m".repeat(1001) }, "Message must be at most 1000 characters"],
    ] as const) {
      expect(messageOf(leadDeliverySchema.safeParse({ ...DELIVERY, ...patch }))).toBe(message);
    }
  });

  it("accepts every delivery the site's server makes, create and update", () => {
    const deliveries = [
      leadPayload(SOURCE, "create"),
      leadPayload({ ...SOURCE, isPostConstruction: "no", stories: "2", sourcePage: "/" }, "update"),
      leadPayload(
        { ...SOURCE, visitEarliestDate: "2026-12-01", visitPartOfDay: "morning" },
        "update",
      ),
    ];
    for (const delivery of deliveries) {
      expect(leadDeliverySchema.safeParse(delivery)).toMatchObject({ success: true });
    }
  });

  it("refuses a quote with the very message the site's own request schema gives", () => {
    const patches: Array<Record<string, unknown>> = [
      { name: " " },
      { email: "nope" },
      { paneCount: "7" },
      { frequency: "weekly" },
      { addOns: { interior: "yes", screens: false, tracks: false } },
      { addOns: { interior: false, screens: false, tracks: false, gutters: true } },
      { isPostConstruction: "maybe" },
      { stories: "5" },
      { totalPrice: 1.5 },
      { totalPrice: -1 },
      { surprise: true },
    ];
    for (const patch of patches) {
      const site = quoteRequestSchema.safeParse({ ...REQUEST, ...patch });
      expect(site.success, JSON.stringify(patch)).toBe(false);
      expect(messageOf(leadDeliverySchema.safeParse({ ...DELIVERY, ...patch }))).toBe(
        messageOf(site),
      );
    }
  });

  it("needs the lead's id and event, and checks the page and the visit window", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ id: "lead-1" }, "id must be the lead's UUID"],
      [{ event: "delete" }, 'event must be "create" or "update"'],
      [{ event: undefined }, 'event must be "create" or "update"'],
      [{ sourcePage: "/".repeat(2049) }, "sourcePage must be at most 2048 characters"],
      [
        { visitWindow: { earliestDate: "soon", partOfDay: "any" } },
        "Choose an earliest date for the visit",
      ],
      [
        { visitWindow: { earliestDate: "2026-12-01", partOfDay: "night" } },
        "Choose morning, afternoon or any time",
      ],
    ];
    for (const [patch, message] of cases) {
      expect(messageOf(leadDeliverySchema.safeParse({ ...DELIVERY, ...patch }))).toBe(message);
    }
  });
});
