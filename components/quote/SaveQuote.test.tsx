import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PRICE_LOCK_DAYS } from "@shared/content/pricing";
import { SaveQuote } from "./SaveQuote";

const URL = "https://suncoastshine.example/my-quote#id.token";
const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

describe("Save your quote", () => {
  it("says how long a price is held, and that the link was e-mailed when it was", () => {
    const shown = text(renderToStaticMarkup(<SaveQuote url={URL} emailed priced />));
    expect(shown).toContain(`This price is held for ${PRICE_LOCK_DAYS} days.`);
    expect(shown).toContain("We have e-mailed you this link too.");
  });

  it("promises no held price and no plan switch on a custom quote, and no e-mail that was not sent", () => {
    const shown = text(
      renderToStaticMarkup(<SaveQuote url={URL} emailed={false} priced={false} />),
    );
    expect(shown).not.toContain("held");
    expect(shown).not.toContain("e-mailed");
    expect(shown).not.toContain("switch plans");
    expect(shown).toContain(
      "Keep this private link to see your request again or tell us when to come.",
    );
  });
});
