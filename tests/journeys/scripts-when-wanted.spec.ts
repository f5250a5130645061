import { paneRadio, scriptsHaveLoaded, waitForChoice } from "./calculator";
import {
  byRole,
  CALCULATOR,
  expect,
  loaderHasLooked,
  scriptsLoaded,
  scriptsRequested,
  siteUrl,
  stepShown,
  test,
  visit,
  type Page,
} from "./journey";
import { scrollSettled } from "./landing";
import { LOCATIONS } from "@/content/locations";
import { PANE_RANGES } from "@shared/content/pricing";

/**
 * A calculator page loads its scripts only when the visitor heads for the calculator
 * (docs/performance.md, "Scripts when wanted"): as it comes within about a screen of the view, on
 * a tap, key or focus inside it or inside the hero's ZIP check, or opened at #contact
 * (./scripts-after-paint.spec.ts, ./early-tap.spec.ts, ./zip-check.spec.ts). Until then the page
 * works as one without JavaScript, and after, the calculator answers.
 */
const CITY = `/locations/${LOCATIONS[0]!.slug}`;
const RANGE = PANE_RANGES[1]!.id;
/** The calculator's top a tenth of a screen from the top: in view, below the fixed header. */
const IN_VIEW = -0.9;

/** How far the calculator's top is below the bottom of the screen, in screens. */
const screensBelow = (page: Page) =>
  page.evaluate(() => {
    const top = document.querySelector("[data-quote-calculator]")!.getBoundingClientRect().top;
    return (top - window.innerHeight) / window.innerHeight;
  });

/** Scrolls at once (not smoothly) so that the calculator's top is `screens` below the screen. */
async function scrollToScreensBelow(page: Page, screens: number) {
  await page.evaluate((below: number) => {
    const top = document.querySelector("[data-quote-calculator]")!.getBoundingClientRect().top;
    const by = top - window.innerHeight * (1 + below);
    window.scrollTo({ top: window.scrollY + by, behavior: "instant" });
  }, screens);
  await loaderHasLooked(page);
}

/**
 * The browser's Back, to `path`, and the page as it then stands. Not puppeteer's goBack, which in
 * Firefox waits for a load event that a page restored from the back-forward cache never fires.
 */
async function back(page: Page, path: string) {
  await page.evaluate(() => history.back());
  await page.waitForFunction(
    (to: string) => location.pathname === to && document.readyState === "complete",
    {},
    path,
  );
  await loaderHasLooked(page);
}

/** The calculator answers: the range tapped stays chosen, and Continue leads to step 2. */
async function calculatorAnswers(page: Page, range: string) {
  await waitForChoice(page, 1, range);
  // The step's submit button, checked by its name: found once, not waited for (puppeteer's
  // locators and waitForSelector never find an element ready in Firefox on a page restored from
  // the back-forward cache), and not by an ARIA query, which takes 2-5 s a time in Firefox here.
  const next = await page.$("[data-quote-calculator] form button[type=submit]");
  expect(await next?.evaluate((button) => button.textContent)).toBe("Continue");
  await next!.click();
  await stepShown(page, 2);
}

for (const path of ["/", CITY]) {
  test(`${path}: no script while the visitor reads down to a screen from the calculator; loaded before it comes into view`, async ({
    openPage,
  }) => {
    const page = await openPage("phone");
    await visit(page, path);
    expect(await scriptsRequested(page), "opened at the top").toBe(false);
    await scrollToScreensBelow(page, 1.2);
    expect(await scriptsRequested(page), "a screen and a fifth away").toBe(false);
    await scrollToScreensBelow(page, 0.8);
    await scriptsLoaded(page);
    expect(await screensBelow(page), "still below the screen").toBeGreaterThan(0.5);
    await paneRadio(page, RANGE).click();
    await calculatorAnswers(page, RANGE);
  });
}

/** A page on which only the visitor's own move can start the scripts: the observer of the calculator's distance never reports. */
async function pageWithoutNearness(openPage: (screen?: "phone") => Promise<Page>) {
  const page = await openPage("phone");
  await page.evaluateOnNewDocument(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  return page;
}

test("a tap inside the calculator, before any script, loads them and is kept", async ({
  openPage,
}) => {
  const page = await pageWithoutNearness(openPage);
  await visit(page, CITY);
  await scrollToScreensBelow(page, IN_VIEW);
  expect(await scriptsRequested(page), "the calculator in view, untouched").toBe(false);
  // The tap itself starts them (from this machine they may arrive before the click's end).
  await paneRadio(page, RANGE).click();
  await scriptsLoaded(page);
  await calculatorAnswers(page, RANGE);
});

test("keyboard focus moving into the calculator loads them; a click beside it does not", async ({
  openPage,
}) => {
  const page = await pageWithoutNearness(openPage);
  await visit(page, "/");
  await scrollToScreensBelow(page, IN_VIEW);
  await page.locator("#contact h2").click();
  await loaderHasLooked(page);
  expect(await scriptsRequested(page), "a click on the section's heading").toBe(false);
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.activeElement?.closest("[data-quote-calculator]") !== null),
    "Tab reached the calculator",
  ).toBe(true);
  await scriptsLoaded(page);
  await page.keyboard.press(" ");
  await calculatorAnswers(page, PANE_RANGES[0]!.id);
});

test("keyboard focus reaching the hero's ZIP field starts them, the calculator far below; the field answers", async ({
  openPage,
}) => {
  const page = await openPage("desktop");
  await visit(page, "/");
  const onZipField = () => document.activeElement?.getAttribute("name") === "zip";
  for (let presses = 0; presses < 30 && !(await page.evaluate(onZipField)); presses++) {
    expect(await scriptsRequested(page), "Tab through the header and the hero").toBe(false);
    await page.keyboard.press("Tab");
  }
  expect(await page.evaluate(onZipField), "Tab reached the ZIP field").toBe(true);
  expect(await screensBelow(page), "the calculator far below").toBeGreaterThan(1);
  await scriptsLoaded(page);
  await page.keyboard.type("34698");
  await page.waitForFunction(() =>
    document
      .querySelector("form[action='/service-area'] [role=status]")
      ?.textContent?.startsWith("Yes, we come to 34698"),
  );
});

test("/ at the top: the phone menu's same-page link closes the menu and lands, with no script", async ({
  openPage,
}) => {
  const page = await openPage("phone");
  await visit(page, "/");
  await byRole(page, "button", "Menu", "header").click();
  await page.locator('nav[aria-label="Mobile"] a[href="/#process"]').click();
  await page.waitForFunction(() => location.hash === "#process");
  await page.waitForFunction(() => !document.querySelector("[popover]:popover-open"));
  await scrollSettled(page);
  expect(await scriptsRequested(page)).toBe(false);
});

test("Back to a page left at the top loads nothing; Back or a reload at the calculator loads the scripts and resumes the quote", async ({
  openPage,
}) => {
  const page = await openPage("phone");
  await visit(page, "/");
  await page.goto(siteUrl("/blog"), { waitUntil: "load" });
  await back(page, "/");
  expect(await scriptsRequested(page), "back at the top").toBe(false);

  await scrollToScreensBelow(page, IN_VIEW);
  await scriptsLoaded(page);
  await paneRadio(page, RANGE).click();
  await calculatorAnswers(page, RANGE);

  // A reload keeps the place, so the calculator is near at once: loaded without any other move.
  await page.reload({ waitUntil: "load" });
  await scriptsLoaded(page);
  await stepShown(page, 2);
  await byRole(page, "button", "Back", CALCULATOR).click();
  await waitForChoice(page, 1, RANGE);

  await page.goto(siteUrl("/blog"), { waitUntil: "load" });
  await back(page, "/");
  await scriptsLoaded(page);
  expect(await scriptsHaveLoaded(page)).toBe(true);
  await calculatorAnswers(page, RANGE);
});
