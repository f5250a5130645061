import {
  paneRadio,
  paneSelector,
  scriptsHaveLoaded,
  tapBeforeScripts,
  tapCard,
  waitForChoice,
} from "./calculator";
import { byRole, CALCULATOR, expect, scriptsLoaded, siteUrl, stepShown, test } from "./journey";
import { withHeldScripts } from "./slow-scripts";
import {
  CALCULATOR_STARTED_EVENT,
  CONTINUED_EARLY_ATTRIBUTE,
} from "@/components/quote/EarlyContinue";
import { LOCATIONS } from "@/content/locations";
import { PANE_RANGES } from "@shared/content/pricing";

const CITY = `/locations/${LOCATIONS[0]!.slug}#contact`;

test("a choice and Continue tapped before the scripts arrive are kept, through Back and a reload", async ({
  openPage,
}) => {
  // A slow phone's connection: the scripts come once the test has tapped.
  const scripts = await withHeldScripts(siteUrl("/"));
  try {
    const page = await openPage("phone");
    const [first, second] = [PANE_RANGES[1]!.id, PANE_RANGES[3]!.id];
    await page.goto(`${scripts.url}${CITY}`, { waitUntil: "domcontentloaded" });
    await tapBeforeScripts(page, first, scripts);
    // Hydrated: the choice stays and Continue answers it (hydration used to uncheck it).
    await waitForChoice(page, 1, first);
    await byRole(page, "button", "Continue", CALCULATOR).click();
    await stepShown(page, 2);
    await byRole(page, "button", "Back", CALCULATOR).click();
    await waitForChoice(page, 1, first);
    await byRole(page, "button", "Continue", CALCULATOR).click();
    await stepShown(page, 2);

    // A reload resumes step 2; a different range tapped on the server's step 1 before the scripts
    // is the visitor's latest word: kept, on step 1.
    scripts.hold();
    await page.reload({ waitUntil: "domcontentloaded" });
    await tapBeforeScripts(page, second, scripts);
    await waitForChoice(page, 1, second);
    await byRole(page, "button", "Continue", CALCULATOR).click();
    await stepShown(page, 2);

    // A range and Continue, both tapped before the scripts: the calculator starts on step 2, with
    // that range (Continue used to stay disabled until the scripts had run).
    scripts.hold();
    await page.reload({ waitUntil: "domcontentloaded" });
    await paneRadio(page, first).click();
    // By its element, not its role: Firefox's ARIA query before the scripts takes seconds.
    await page.locator(`${CALCULATOR} button[type=submit]`).click();
    expect(await scriptsHaveLoaded(page), "Continue came before the scripts").toBe(false);
    scripts.release();
    await scriptsLoaded(page);
    await stepShown(page, 2);
    await byRole(page, "button", "Back", CALCULATOR).click();
    await waitForChoice(page, 1, first);
  } finally {
    await scripts.close();
  }
});

test("a Continue that lands as the calculator starts, before it has drawn the range it adopted, moves on", async ({
  openPage,
}) => {
  const scripts = await withHeldScripts(siteUrl("/"));
  try {
    const page = await openPage("phone");
    await page.goto(`${scripts.url}${CITY}`, { waitUntil: "domcontentloaded" });
    // The worst moment for a tap: the calculator has started and taken the range tapped before the
    // scripts, and React has not yet rendered it (its handlers still hold the render without it).
    // A submit then used to be dropped: the page sat on step 1 with Continue enabled.
    await page.evaluate(
      (calculator: string, started: string) => {
        const element = document.querySelector(calculator)!;
        const submit = () => element.querySelector("form")!.requestSubmit();
        element.addEventListener(started, () => queueMicrotask(submit), { once: true });
      },
      CALCULATOR,
      CALCULATOR_STARTED_EVENT,
    );
    await tapBeforeScripts(page, PANE_RANGES[2]!.id, scripts);
    await stepShown(page, 2);
    // The inline line that holds a Continue before the scripts stopped as the calculator started:
    // that submit was the calculator's alone, unmarked.
    const marked = await page.$eval(
      `${CALCULATOR} form`,
      (form, attribute) => form.hasAttribute(attribute),
      CONTINUED_EARLY_ATTRIBUTE,
    );
    expect(marked, "the early-Continue line still listening after the start").toBe(false);
  } finally {
    await scripts.close();
  }
});

test("a choice and Continue tapped while the framework runs and the calculator's script is on its way are kept", async ({
  openPage,
}) => {
  // React listens on the document from the moment it starts hydrating; while the calculator's part
  // waits for its script, React stops a tap there from reaching any listener below it. The line that
  // answers taps before the calculator starts (EarlyContinue.tsx) did not hear the choice: Continue
  // stayed disabled until that script came.
  const held = await withHeldScripts(siteUrl("/"), CALCULATOR_STARTED_EVENT);
  try {
    const page = await openPage("phone");
    await page.goto(`${held.url}${CITY}`, { waitUntil: "domcontentloaded" });
    // React has started: its listeners are on the document (a property React sets there).
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith("_reactListening")),
    );
    await tapCard(page, paneSelector(PANE_RANGES[2]!.id));
    const submit = `${CALCULATOR} button[type=submit]`;
    const disabled = () => page.$eval(submit, (button) => (button as HTMLButtonElement).disabled);
    expect(await disabled(), "Continue after the choice").toBe(false);
    await page.locator(submit).click();
    expect(await scriptsHaveLoaded(page), "the taps came before the calculator's script").toBe(
      false,
    );
    held.release();
    await stepShown(page, 2);
    // Step 2 asks for its own choice: its Continue is disabled until a plan is chosen (the line had
    // enabled step 1's button behind React's back, and React, rendering step 2 at once, kept it).
    expect(await disabled(), "step 2's Continue").toBe(true);
    await tapCard(page, `${CALCULATOR} input[type=radio][value="monthly"]`);
    await page.locator(submit).click();
    await stepShown(page, 3);
    await byRole(page, "button", "Back", CALCULATOR).click();
    await stepShown(page, 2);
    await byRole(page, "button", "Back", CALCULATOR).click();
    await waitForChoice(page, 1, PANE_RANGES[2]!.id);
  } finally {
    held.release();
    await held.close();
  }
});
