import { SCRIPTS_LOADED_ATTRIBUTE } from "../../scripts/build/after-paint";
import { byRole, expect, scriptsLoaded, siteUrl, stepShown, test, type Page } from "./journey";
import { withSlowScripts } from "./slow-scripts";
import { LOCATIONS } from "@/content/locations";
import { PANE_RANGES } from "@/content/pricing";

/** A slow phone's connection: the scripts arrive this long after they are asked for. */
const SCRIPT_DELAY_MS = 3_000;
const CITY = `/locations/${LOCATIONS[0]!.slug}#contact`;

/** Taps a pane range on the server-rendered step 1, and checks it came before the scripts. */
async function tapBeforeScripts(page: Page, range: string) {
  // The native radio is transparent over its card (components/quote/ChoiceCard.tsx): a tap lands on it.
  await page.locator(`#contact input[type=radio][value="${range}"]`).setVisibility(null).click();
  expect(
    await page.evaluate(
      (loaded) => document.documentElement.hasAttribute(loaded),
      SCRIPTS_LOADED_ATTRIBUTE,
    ),
    "the tap came before the scripts",
  ).toBe(false);
  await scriptsLoaded(page);
}

/** Waits until the calculator shows "Step N of 6" with the range chosen and Continue enabled. */
async function waitForChoice(page: Page, step: number, range: string) {
  await page.waitForFunction(
    (n: number, value: string) => {
      const calculator = document.querySelector("[data-quote-calculator]");
      const form = calculator?.querySelector("form");
      const radio = form?.querySelector<HTMLInputElement>(`input[value="${value}"]`);
      const submit = form?.querySelector<HTMLButtonElement>("button[type=submit]");
      return form?.textContent?.includes(`Step ${n} of 6`) && radio?.checked && !submit?.disabled;
    },
    {},
    step,
    range,
  );
}

test("a choice tapped before the scripts arrive is kept, through Back and a reload", async ({
  openPage,
}) => {
  const slow = await withSlowScripts(siteUrl("/"), SCRIPT_DELAY_MS);
  try {
    const page = await openPage("phone");
    const [first, second] = [PANE_RANGES[1]!.id, PANE_RANGES[3]!.id];
    await page.goto(`${slow.url}${CITY}`, { waitUntil: "domcontentloaded" });
    await tapBeforeScripts(page, first);
    // Hydrated: the choice stays and Continue answers it (hydration used to uncheck it).
    await waitForChoice(page, 1, first);
    await byRole(page, "button", "Continue").click();
    await stepShown(page, 2);
    await byRole(page, "button", "Back").click();
    await waitForChoice(page, 1, first);
    await byRole(page, "button", "Continue").click();
    await stepShown(page, 2);

    // A reload resumes step 2; a different range tapped on the server's step 1 before the scripts
    // is the visitor's latest word: kept, on step 1.
    await page.reload({ waitUntil: "domcontentloaded" });
    await tapBeforeScripts(page, second);
    await waitForChoice(page, 1, second);
    await byRole(page, "button", "Continue").click();
    await stepShown(page, 2);
  } finally {
    await slow.close();
  }
});
