import { SCREENS, byRole, expect, scriptsLoaded, test, visit, type Screen } from "./journey";
import { targetPlacement } from "./landing";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";

/**
 * A call to action pressed once the page has loaded (and its scripts run) lands its target at the
 * top of the screen, just below the fixed header: neither past it (the calculator scrolled away,
 * the footer in view) nor short of it.
 */
const CITY = `/locations/${LOCATIONS[0]!.slug}`;
const PLAN = `/${PLANS[0]!.slug}`;
const ARTICLE = "/blog/how-often-clean-windows-tampa-bay";

type CallToAction = { page: string; link: string; selector: string; target: string };
const CALLS_TO_ACTION: CallToAction[] = [
  {
    page: "/",
    link: "hero's quote button",
    selector: 'main a[href="/#contact"]',
    target: "contact",
  },
  {
    page: CITY,
    link: "hero's Instant Quote",
    selector: 'main a[href="#contact"]',
    target: "contact",
  },
  { page: PLAN, link: "Get Free Quote", selector: 'main a[href="/#contact"]', target: "contact" },
  {
    page: ARTICLE,
    link: "View Plans & Pricing",
    selector: 'main a[href="/#pricing"]',
    target: "pricing",
  },
  {
    page: ARTICLE,
    link: "Get Free Quote",
    selector: 'main a[href="/#contact"]',
    target: "contact",
  },
];
// The header's links, from the home page (same-page) and from an article (to the home page).
const HEADER_LINKS = [
  { name: "Instant Quote", target: "contact" },
  { name: "Maintenance Plans", target: "pricing" },
];

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
      test(`${cta.page}: the ${cta.link} lands #${cta.target} at the top of the screen`, async ({
        openPage,
      }) => {
        const page = await openPage(screen);
        await visit(page, cta.page);
        await page.locator(cta.selector).click();
        await page.waitForFunction((id: string) => location.hash === `#${id}`, {}, cta.target);
        // A link to another page: its scripts run after it has scrolled to the target.
        await scriptsLoaded(page);
        expectAtTop(await targetPlacement(page, cta.target));
      });
    }

    for (const from of ["/", ARTICLE]) {
      for (const link of HEADER_LINKS) {
        test(`${from}: the header's ${link.name} lands #${link.target} at the top`, async ({
          openPage,
        }) => {
          const page = await openPage(screen);
          await visit(page, from);
          if (screen === "phone") await byRole(page, "button", "Menu").click();
          const nav = screen === "phone" ? "Mobile" : "Main";
          await page.locator(`nav[aria-label="${nav}"] a[href="/#${link.target}"]`).click();
          await page.waitForFunction((id: string) => location.hash === `#${id}`, {}, link.target);
          expectAtTop(await targetPlacement(page, link.target));
        });
      }
    }
  });
}
