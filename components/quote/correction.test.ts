import { describe, expect, it } from "vitest";
import { quoteRequestSchema } from "@shared/quote/schema";
import { validQuote } from "@/tests/support/quote";
import { correctionOf } from "./send-quote";

/** What a correction after Back sends: only what the visitor changed (docs/calculator.md, "One quote, one lead"). */

const sent = quoteRequestSchema.parse(validQuote());

describe("a correction of the contact step", () => {
  it("carries only the fields the visitor changed", () => {
    const now = quoteRequestSchema.parse(
      validQuote({ phone: "727.555.0199", email: "b@example.com" }),
    );
    expect(correctionOf(sent, now)).toEqual({ phone: "(727) 555-0199", email: "b@example.com" });
  });

  it("carries an add-on changed on its own, with the total the visitor now sees", () => {
    const addOns = { ...sent.addOns, screens: !sent.addOns.screens };
    const now = quoteRequestSchema.parse(validQuote({ addOns, totalPrice: 345 }));
    expect(correctionOf(sent, now)).toEqual({
      addOns: { screens: addOns.screens },
      totalPrice: 345,
    });
  });

  it("is empty when nothing changed", () => {
    expect(correctionOf(sent, sent)).toEqual({});
  });
});
