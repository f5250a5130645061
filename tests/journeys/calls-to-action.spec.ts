import {
  SCREENS,
  byRole,
  expect,
  scriptsLoaded,
  scriptsSettled,
  test,
  visit,
  type Page,
  type Screen,
} from "./journey";
import { scrollSettled, targetPlacement } from "./landing";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";

/**
 * A call to action pressed once the page has loaded lands its target at the top of the screen, just
 * below the fixed header: neither past it (the calculator scrolled away, the footer in view) nor
 * short of it. On a calculator page, both as opened (no script yet: they start as it heads for the
 * calculator) and with its scripts running (the visitor has been to the calculator and come back
 * up, and the sections away from view skip rendering: components/ui/offscreen.ts).
 */
const CITY = `/locations/${LOCATIONS[0]!.slug}`;
const PLAN = `/${PLANS[0]!.slug}`;
const ARTICLE = "/blog/how-often-clean-windows-tampa-bay";

// Each page's landing in each of its states once (the sections above the target differ, and with
// the scripts running they skip rendering), and each kind of link (a same-page hash, another page's,
// the header's, the phone's menu) once per target: not every link in every state.
type State = "as opened" | "with its scripts running";
type CallToAction = { page: string; link: string; selector: string; target: string; state: State };
const CALLS_TO_ACTION: CallToAction[] = [
  {
    page: "/",
    link: "hero's quote button",
    selector: 'main a[href="/#contact"]',
    target: "contact",
    state: "with its scripts running",
  },
  ...(["as opened", "with its scripts running"] as const).map((state) => ({
    page: CITY,
    link: "hero's Instant Quote",
    selector: 'main a[href="#contact"]',
    target: "contact",
    state,
  })),
  {
    page: PLAN,
    link: "Get Free Quote",
    selector: 'main a[href="/#contact"]',
    target: "contact",
    state: "as opened",
  },
  {
    page: ARTICLE,
    link: "View Plans & Pricing",
    selector: 'main a[href="/#pricing"]',
    target: "pricing",
    state: "as opened",
  },
];
// The header's links, on the home page (same-page) and from an article (to the home page).
const HEADER_LINKS: { from: string; name: string; target: string; state: State }[] = [
  { from: "/", name: "Instant Quote", target: "contact", state: "as opened" },
  { from: "/", name: "Maintenance Plans", target: "pricing", state: "with its scripts running" },
  { from: ARTICLE, name: "Maintenance Plans", target: "pricing", state: "as opened" },
];

/** The visitor goes down to the calculator, which starts, and back up to the top. */
async function startCalculatorAndReturn(page: Page) {
  await page.evaluate(() =>
    document.querySelector("[data-quote-calculator]")!.scrollIntoView({ behavior: "instant" }),
  );
  await scriptsLoaded(page);
  // Mounted: React holds the calculator, and it has let the sections away from view skip rendering.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("[data-quote-calculator]")!).some((key) =>
      key.startsWith("__reactFiber$"),
    ),
  );
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>(".skip-when-offscreen")].some(
      (section) => section.style.contentVisibility === "auto",
    ),
  );
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await scrollSettled(page);
}

/** Where the link leads: once the page has stopped scrolling, and its scripts loaded if that asked for them. */
async function landed(page: Page, target: string) {
  await page.waitForFunction((id: string) => location.hash === `#${id}`, {}, target);
  await scrollSettled(page);
  await scriptsSettled(page);
  expectAtTop(await targetPlacement(page, target));
}

/** Lands within this far below the header: the section's own padding, not a screen away. */
const NEAR_TOP = 0.25;

function expectAtTop(placement: { belowHeader: number; screen: number }) {
  expect(
    placement.belowHeader,
    "pixels from the header's bottom to the target's top",
  ).toBeGreaterThanOrEqual(-2);
  expect(placement.belowHeader).toBeLessThanOrEqual(placement.screen * NEAR_TOP);
}

for (const screen of Object.keys(SCREENS) as Screen[]) {
  test.describe(`on a ${screen}`, () => {
    for (const cta of CALLS_TO_ACTION) {
      test(`${cta.page} ${cta.state}: the ${cta.link} lands #${cta.target} at the top of the screen`, async ({
        openPage,
      }) => {
        const page = await openPage(screen);
        await visit(page, cta.page);
        if (cta.state === "with its scripts running") await startCalculatorAndReturn(page);
        await page.locator(cta.selector).click();
        await landed(page, cta.target);
      });
    }

    for (const link of HEADER_LINKS) {
      test(`${link.from} ${link.state}: the header's ${link.name} lands #${link.target} at the top`, async ({
        openPage,
      }) => {
        const page = await openPage(screen);
        await visit(page, link.from);
        if (link.state === "with its scripts running") await startCalculatorAndReturn(page);
        if (screen === "phone") await byRole(page, "button", "Menu", "header").click();
        const nav = screen === "phone" ? "Mobile" : "Main";
        await page.locator(`nav[aria-label="${nav}"] a[href="/#${link.target}"]`).click();
        await landed(page, link.target);
      });
    }
  });
}
