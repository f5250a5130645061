import { QUOTE_STORAGE_KEY } from "@/components/quote/quote-storage";
import { PRICE_TABLE, formatUsd } from "@shared/content/pricing";
import { addOnsPrice } from "@shared/quote/pricing";
import { E2E_MIN_FORM_MS } from "../e2e/quote-flow";
import { tapCard, tapInPlace } from "./calculator";
import { CALCULATOR, byRole, scriptsLoaded, siteUrl, stepShown, test, type Page } from "./journey";

/**
 * Back from the saved-quote page to the calculator that sent the quote (docs/pages.md, "Saved
 * quote", "The calculator it came from"), in Chromium and in Firefox: the calculator shows the
 * quote as the saved-quote page left it, whether the browser brings it back from its back/forward
 * cache or loads it again.
 */

const radio = (value: string) => `#contact input[type=radio][value="${value}"]`;

const totalIs = (page: Page, selector: string, total: string) =>
  page
    .waitForFunction(
      (where: string, text: string) => document.querySelector(where)?.textContent === text,
      { polling: 50 },
      selector,
      total,
    )
    .catch(async (error: unknown) => {
      // What the page stood at, so that a failure says which of the ways back went wrong.
      const seen = await page
        .evaluate(
          (where: string, key: string) => ({
            href: location.href,
            total: document.querySelector(where)?.textContent ?? null,
            heading: document.querySelector("#contact h2, #contact h3")?.textContent ?? null,
            stored: sessionStorage.getItem(key),
            shown: (window as { shownFromCache?: unknown }).shownFromCache ?? "no pageshow seen",
            quoteCalls: performance
              .getEntriesByType("resource")
              .map((entry) => entry.name)
              .filter((name) => name.includes("/api/quote/")),
          }),
          selector,
          QUOTE_STORAGE_KEY,
        )
        .catch((reason: unknown) => String(reason));
      throw new Error(`${selector} never read ${total}: ${JSON.stringify(seen)}`, {
        cause: error,
      });
    });

test("Back from the saved-quote page shows the calculator's quote as changed there", async ({
  openPage,
}) => {
  test.setTimeout(120_000);
  const page = await openPage();
  await page.goto(siteUrl("/#contact"), { waitUntil: "load" });
  await scriptsLoaded(page);
  const press = async (button: string, step: number) => {
    await byRole(page, "button", button, CALCULATOR).click();
    await stepShown(page, step);
  };

  await test.step("a quote through the calculator: 41-60, Monthly, screens", async () => {
    await tapCard(page, radio("41-60"));
    await press("Continue", 2);
    await tapCard(page, radio("monthly"));
    await press("Continue", 3);
    await tapCard(page, `#contact input[type=checkbox][name$=".screens"]`);
    await press("Continue", 4);
    await byRole(page, "textbox", "Full Name", CALCULATOR).fill("Bea Back");
    await byRole(page, "textbox", "Phone Number", CALCULATOR).fill("(727) 555-0142");
    await byRole(page, "textbox", "Email Address", CALCULATOR).fill("bea@example.com");
    await byRole(page, "textbox", "Service Address", CALCULATOR).fill("3 Pier Rd, Dunedin, FL");
    // A person takes longer than the test server's bot trap over the form.
    await new Promise((resolve) => setTimeout(resolve, E2E_MIN_FORM_MS + 50));
    await press("Continue", 5);
    await tapCard(page, radio("no"));
    await press("Continue", 6);
    await tapCard(page, radio("3"));
    await byRole(page, "button", "See My Price", CALCULATOR).click();
  });
  const first = formatUsd(
    PRICE_TABLE["41-60"].monthly + addOnsPrice({ interior: false, screens: true, tracks: false }),
  );
  await totalIs(page, "#contact [data-testid=quote-total]", first);

  const now = formatUsd(
    PRICE_TABLE["41-60"].quarterly + addOnsPrice({ interior: true, screens: true, tracks: false }),
  );
  await test.step("its link, in the same tab: Quarterly, and interior cleaning", async () => {
    const link = new URL(
      await page.$eval("#contact input[readonly]", (input) =>
        input instanceof HTMLInputElement ? input.value : "",
      ),
    );
    await page.evaluate(() =>
      window.addEventListener("pageshow", (event) => {
        (window as { shownFromCache?: boolean }).shownFromCache = event.persisted;
      }),
    );
    await page.goto(siteUrl(link.pathname + link.hash), { waitUntil: "load" });
    await scriptsLoaded(page);
    await page.waitForSelector('input[name="saved-quote-plan"]');
    // Tapped where they are, as saved-quote-tabs does: a centred tap there lost the add-on in
    // Firefox (the total stayed the plan's alone).
    await tapInPlace(page, 'input[name="saved-quote-plan"][value="quarterly"]');
    await tapInPlace(page, 'input[name="saved-quote-add-ons"][value="interior"]');
    await totalIs(page, "[data-testid=saved-quote-total]", now);
    await page.waitForFunction(
      () =>
        document.querySelector("[data-saved-quote] [role=status]")?.textContent ===
        "Saved. Your quote is up to date.",
      { polling: 50 },
    );
  });

  await test.step("Back: the calculator's result shows the quote as it now stands", async () => {
    // As the browser's button does: Firefox brings the page back from its back/forward cache
    // without the navigation event puppeteer's goBack waits for.
    await page.evaluate(() => history.back());
    await page.waitForFunction(() => location.pathname === "/");
    await totalIs(page, "#contact [data-testid=quote-total]", now);
  });
});
