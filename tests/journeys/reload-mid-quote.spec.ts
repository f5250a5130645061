import { QUOTE_STORAGE_KEY } from "@/components/quote/quote-storage";
import { tapCard } from "./calculator";
import { E2E_MIN_FORM_MS } from "../e2e/quote-flow";
import { leadsNamed } from "../support/stored-leads";
import {
  byRole,
  CALCULATOR,
  expect,
  scriptsLoaded,
  siteUrl,
  stepShown,
  test,
  type Page,
} from "./journey";

/**
 * A reload mid-quote, in both engines: the visitor is back on their own step with their own
 * choices. Firefox restores a form's controls by their position before any script runs; it put the
 * ticked add-on box of the step left on screen onto the pane radio in the same place, and the
 * calculator took that for a tap made before the scripts (docs/calculator.md, "Before the scripts
 * arrive"): step 1 with the wrong range, and a second lead at the wrong price on Continue.
 */

/** What the calculator shows: its step (or the result's heading) and the pane range it holds. */
const shown = (page: Page) =>
  page.evaluate(() => {
    const calculator = document.querySelector("[data-quote-calculator]");
    const checked = calculator?.querySelector<HTMLInputElement>(
      "form input[name=paneCount]:checked",
    );
    return {
      step: calculator?.textContent?.match(/Step \d of 6|Your Custom Quote/)?.[0] ?? null,
      panes: checked?.value ?? calculator?.textContent?.match(/\d+-\d+ panes/)?.[0] ?? null,
    };
  });

test("a reload on the result keeps the visitor's step and choices, and sends no second lead", async ({
  openPage,
  engine,
}) => {
  const name = `Journey reload ${engine} ${Date.now().toString(36)}`;
  const page = await openPage("desktop");
  await page.goto(siteUrl("/locations/oldsmar#contact"), { waitUntil: "load" });
  await scriptsLoaded(page);
  const press = async (button: string, step: number) => {
    await byRole(page, "button", button, CALCULATOR).click();
    await stepShown(page, step);
  };
  await tapCard(page, '#contact input[type=radio][value="41-60"]');
  await press("Continue", 2);
  await tapCard(page, '#contact input[type=radio][value="quarterly"]');
  await press("Continue", 3);
  await tapCard(page, '#contact input[type=checkbox][name$=".interior"]');
  await press("Continue", 4);
  await byRole(page, "textbox", "Full Name", CALCULATOR).fill(name);
  await byRole(page, "textbox", "Phone Number", CALCULATOR).fill("(727) 555-0123");
  await byRole(page, "textbox", "Email Address", CALCULATOR).fill("reload@example.com");
  await byRole(page, "textbox", "Service Address", CALCULATOR).fill("12 Bay Dr, Oldsmar, FL");
  await new Promise((resolve) => setTimeout(resolve, E2E_MIN_FORM_MS + 50));
  await press("Continue", 5);
  await tapCard(page, '#contact input[type=radio][value="no"]');
  await press("Continue", 6);
  await tapCard(page, '#contact input[type=radio][value="2"]');
  await byRole(page, "button", "See My Price", CALCULATOR).click();
  await byRole(page, "heading", "Your Custom Quote", CALCULATOR).wait();
  expect(await shown(page)).toEqual({ step: "Your Custom Quote", panes: "41-60 panes" });

  await page.reload({ waitUntil: "load" });
  await scriptsLoaded(page);
  // The calculator has started: it shows the result, or it has saved another step over it.
  await page.waitForFunction(
    (key: string) =>
      document
        .querySelector("[data-quote-calculator]")
        ?.textContent?.includes("Your Custom Quote") ||
      JSON.parse(sessionStorage.getItem(key) ?? "{}").step !== "result",
    {},
    QUOTE_STORAGE_KEY,
  );
  expect(await shown(page)).toEqual({ step: "Your Custom Quote", panes: "41-60 panes" });
  expect((await leadsNamed(name)).map((lead) => lead.pane_count)).toEqual(["41-60"]);
});
