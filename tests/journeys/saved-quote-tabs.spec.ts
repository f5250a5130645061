import { PRICE_TABLE, formatUsd, type Frequency } from "@shared/content/pricing";
import type { AddOnId } from "@shared/content/pricing";
import { addOnsPrice } from "@shared/quote/pricing";
import { createLead, savedQuotePath, storedLeadById } from "../e2e/saved-quote-flow";
import { tapInPlace } from "./calculator";
import { expect, test, visit, type Page } from "./journey";

/**
 * Two tabs of one saved quote (docs/pages.md, "Saved quote", "Two open copies"), in one browser
 * context as a visitor has them, in Chromium and in Firefox: each sends only what its visitor
 * changed, and a tab brought back to the front shows what the other one did.
 */

const planInput = (frequency: Frequency) => `input[name="saved-quote-plan"][value="${frequency}"]`;
const addOnInput = (addOn: AddOnId) => `input[name="saved-quote-add-ons"][value="${addOn}"]`;

/** Resolves once the tab shows this plan and add-on ticked and this total. */
async function shows(page: Page, want: { plan: string; addOn: string; total: string }) {
  await page.waitForFunction(
    ({ plan, addOn, total }) =>
      document.querySelector<HTMLInputElement>(plan)?.checked === true &&
      document.querySelector<HTMLInputElement>(addOn)?.checked === true &&
      document.querySelector("[data-testid=saved-quote-total]")?.textContent === total,
    { polling: 50 },
    want,
  );
}

const statusText = (page: Page) =>
  page.$eval("[data-saved-quote] [role=status]", (status) => status.textContent);

test("two tabs of one saved quote: each keeps the other's change, and shows it once in front", async ({
  openPage,
  request,
  baseURL,
}) => {
  const none = { interior: false, screens: false, tracks: false };
  const lead = await createLead(request, baseURL!, { frequency: "quarterly", addOns: none });
  const tabA = await openPage();
  await visit(tabA, savedQuotePath(lead));
  const tabB = await tabA.browserContext().newPage();
  await tabB.setViewport(tabA.viewport());
  // Tab B's changes, as sent; and its reads of the quote, held while `slowReads` is on (a slow
  // connection as it comes back to the front), so that it still shows the quote as it loaded it.
  const patches: Promise<string | undefined>[] = [];
  const held: (() => Promise<void>)[] = [];
  let slowReads = false;
  await tabB.setRequestInterception(true);
  tabB.on("request", (sent) => {
    if (sent.method() === "PATCH") patches.push(sent.fetchPostData());
    if (slowReads && sent.method() === "GET" && sent.url().includes("/api/quote/")) {
      held.push(() => sent.continue());
    } else void sent.continue();
  });
  await tabB.bringToFront();
  await visit(tabB, savedQuotePath(lead));
  await tabB.waitForSelector(planInput("quarterly"));

  await test.step("tab A picks Monthly", async () => {
    await tabA.bringToFront();
    await tapInPlace(tabA, planInput("monthly"));
    await tabA.waitForFunction(
      () =>
        document.querySelector("[data-saved-quote] [role=status]")?.textContent ===
        "Saved. Your quote is up to date.",
      { polling: 50 },
    );
  });

  const price = PRICE_TABLE["26-40"].monthly + addOnsPrice({ ...none, interior: true });
  const both = {
    plan: planInput("monthly"),
    addOn: addOnInput("interior"),
    total: formatUsd(price),
  };

  await test.step("tab B, still showing Quarterly, ticks Interior", async () => {
    slowReads = true;
    await tabB.bringToFront();
    expect(
      await tabB.$eval(
        planInput("quarterly"),
        (input) => input instanceof HTMLInputElement && input.checked,
      ),
    ).toBe(true);
    await tapInPlace(tabB, addOnInput("interior"));
    // The server kept tab A's plan, and tab B shows the quote as it now stands, saying why.
    await expect
      .poll(async () => await storedLeadById(lead.id))
      .toMatchObject({ frequency: "monthly", add_on_interior: true, total_price: price });
    await shows(tabB, both);
    expect(await statusText(tabB)).toBe(
      "Saved. Your quote is up to date. It was also changed in another tab or on another device: this is how it stands now.",
    );
    // Only the add-on, with the total tab B showed once it was ticked (its plan still Quarterly).
    const shownInB = PRICE_TABLE["26-40"].quarterly + addOnsPrice({ ...none, interior: true });
    expect(await Promise.all(patches)).toEqual([
      JSON.stringify({ addOns: { interior: true }, totalPrice: shownInB }),
    ]);
    // A late answer to a read sent as it came to the front is older than the change's: it changes
    // nothing shown.
    slowReads = false;
    await Promise.all(held.map((release) => release()));
    await shows(tabB, both);
  });

  await test.step("tab A, back in front, shows tab B's add-on too", async () => {
    await tabA.bringToFront();
    await shows(tabA, both);
    expect(await statusText(tabA)).toBe(
      "It was also changed in another tab or on another device: this is how it stands now.",
    );
  });
});
