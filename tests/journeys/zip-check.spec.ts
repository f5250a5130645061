import { SCRIPTS_LOADED_ATTRIBUTE } from "../../scripts/build/after-paint";
import {
  byRole,
  expect,
  scriptsLoaded,
  SCREENS,
  siteUrl,
  test,
  visit,
  type Page,
  type Screen,
} from "./journey";
import { withHeldScripts } from "./slow-scripts";

// The hero's ZIP check (docs/pages.md, "Service area check"): a visitor types a ZIP code, reads
// the answer and follows its link, in Chromium and in Firefox, on a laptop and a phone.

const FIELD = "Check your ZIP code";
/** The hero's ZIP check: its field and its answer. */
const ZIP_CHECK = "form[action='/service-area']";

/** The text of the ZIP check's answer (its live region) once it reads as expected. */
async function answerReads(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    (text: string) =>
      document.querySelector("form[action='/service-area'] [role=status]")?.textContent === text,
    { polling: 50 },
    expected,
  );
}

for (const screen of Object.keys(SCREENS) as Screen[]) {
  test(`${screen}: type a ZIP code, read the answer, follow it to the city's page`, async ({
    openPage,
  }) => {
    const page = await openPage(screen);
    await visit(page, "/");
    await byRole(page, "textbox", FIELD, ZIP_CHECK).click();
    await page.keyboard.type("34698");
    await answerReads(
      page,
      "Yes, we come to 34698 (Dunedin). See window cleaning in Dunedin or get your instant quote.",
    );
    await Promise.all([
      page.waitForNavigation(),
      byRole(page, "link", "See window cleaning in Dunedin", ZIP_CHECK).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe("/locations/dunedin");
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Serving Dunedin, FL");
  });
}

test("digits typed before the scripts arrive are answered once they have", async ({ openPage }) => {
  const scripts = await withHeldScripts(siteUrl("/"));
  try {
    const page = await openPage("phone");
    await page.goto(`${scripts.url}/locations/tampa`, { waitUntil: "domcontentloaded" });
    await page.locator("form[action='/service-area'] input[name=zip]").click();
    await page.keyboard.type("33901");
    expect(
      await page.evaluate(
        (loaded) => document.documentElement.hasAttribute(loaded),
        SCRIPTS_LOADED_ATTRIBUTE,
      ),
      "typed before the scripts",
    ).toBe(false);
    scripts.release();
    await scriptsLoaded(page);
    await page.waitForFunction(
      () =>
        document
          .querySelector("form[action='/service-area'] [role=status]")
          ?.textContent?.startsWith("33901 (Fort Myers) is outside our area"),
      { polling: 50 },
    );
    expect(
      await page.$eval("form[action='/service-area'] input[name=zip]", (input) => input.value),
    ).toBe("33901");
  } finally {
    await scripts.close();
  }
});
