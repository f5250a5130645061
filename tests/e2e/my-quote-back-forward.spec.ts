import { CHROMIUM_ARGS, resolveChromium } from "./chromium";
import { calculator, uniqueName } from "./quote-flow";
import { changeOnSavedQuotePage } from "./saved-quote-flow";
import { expect, test } from "./test";

/**
 * Back from the saved-quote page to the calculator in a browser that keeps pages in its
 * back/forward cache, as browsers do for visitors (Playwright turns that cache off by default):
 * the calculator comes back as it was left, and must then show the lead as it now stands.
 */
test.use({
  launchOptions: {
    executablePath: resolveChromium(),
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

test("Back to the calculator, kept in the back/forward cache, shows the quote as it now stands", async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => {
    addEventListener("pageshow", (event) => {
      if (event.persisted) document.documentElement.dataset.fromCache = "";
    });
  });
  const now = await changeOnSavedQuotePage(page, uniqueName("bfcache", testInfo.project.name));
  // A page restored from the cache fires no load event: wait for the navigation only.
  await page.goBack({ waitUntil: "commit" });
  // The calculator's page came back from the cache, not from a new load.
  await expect(page.locator("html[data-from-cache]")).toHaveCount(1);
  await expect(calculator(page).getByTestId("quote-total")).toHaveText(now.total);
});
