import { ANY_SCREEN, expect, test } from "./test";
import { FOOTER_CITY_COUNT, LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import {
  CITY_HREFS,
  expectClosesOnEscape,
  expectOpensOnClick,
  expectOpensOnEnter,
  hrefsOf,
  isExpanded,
  menuParts,
  openNavigation,
} from "./site-nav";

// docs/pages.md, "Navigation", copied by hand: hash links start with "/" so they work from every page.
const NAV = [
  ["Services", "/#services"],
  ["Our Way", "/#process"],
  ["Maintenance Plans", "/#pricing"],
  ["Blog", "/blog"],
  ["Instant Quote", "/#contact"],
] as const;
const FOOTER_NAV = [
  ["Services", "/#services"],
  ["Our Way", "/#process"],
  ["Maintenance Plans", "/#pricing"],
  ["Blog", "/blog"],
  ["Instant Quote", "/#contact"],
  ["Service Areas", "/#locations"],
] as const;
// docs/decisions.md, "Business identity": (813) 555-0147 dials +18135550147.
const TEL = "tel:+18135550147";
const MAILTO = "mailto:hello@suncoastshine.example";

test("the navigation links to the home sections, the blog and the phone", async ({
  page,
  isMobile,
}) => {
  const nav = await openNavigation(page, isMobile, "/");
  for (const [name, href] of NAV) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: /^Call Us/ })).toHaveAttribute("href", TEL);
  await expect(nav.getByRole("link", { name: /^Call Us/ })).toContainText("Call Us");
});

test("the header stays fixed at the top while the page scrolls", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await page.evaluate(() => window.scrollTo({ top: 2000, behavior: "instant" }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  expect((await header.boundingBox())?.y).toBe(0);
  await expect(header).toBeInViewport();
});

test.describe("Locations dropdown (desktop)", () => {
  test.skip(({ isMobile }) => isMobile, "the phone project uses the mobile menu");

  test("lists every city page, scrolls within 400px and opens and closes", async ({ page }) => {
    await page.goto("/");
    const parts = await menuParts(page, "Main", "Locations");
    const { toggle, panel } = parts;
    await expectOpensOnClick(page, "Locations", parts);
    const links = panel.getByRole("link");
    await expect(links).toHaveCount(LOCATIONS.length);
    expect(await hrefsOf(links)).toEqual(CITY_HREFS);
    await expect(panel).toHaveCSS("max-height", "400px");
    expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

    await expectClosesOnEscape(page, "Locations", parts);

    await toggle.click();
    await expect(panel).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(panel).toBeHidden();
    expect(await isExpanded(page, "Locations")).toBe(false);
  });

  test("is keyboard operable and a chosen city opens its page", async ({ page }) => {
    await page.goto("/");
    await expectOpensOnEnter(page, await menuParts(page, "Main", "Locations"));
    expect(await isExpanded(page, "Locations")).toBe(true);
    await page.keyboard.press("Tab");
    const first = LOCATIONS[0];
    await expect(page.getByRole("link", { name: first.name, exact: true }).first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/locations/${first.slug}`);
  });
});

test.describe("mobile menu (phone)", () => {
  test.skip(({ isMobile }) => !isMobile, "the desktop project shows the links inline");

  test("opens exposed as expanded, lists the cities, and closes on Escape", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const parts = await menuParts(page, null, "Menu");
    const menu = parts.panel;
    await expectOpensOnClick(page, "Menu", parts);
    await menu.getByText("Locations", { exact: true }).click();
    const cities = menu.locator('a[href^="/locations/"]');
    await expect(cities).toHaveCount(LOCATIONS.length);
    expect(await hrefsOf(cities)).toEqual(CITY_HREFS);
    await expect(cities.last()).toBeVisible();
    await expect(menu.getByRole("link", { name: "Instant Quote" })).toHaveAttribute(
      "href",
      "/#contact",
    );
    await expect(menu.getByRole("link", { name: /^Call Us/ })).toHaveAttribute("href", TEL);

    await expectClosesOnEscape(page, "Menu", parts);
  });

  test("choosing a link closes it and scrolls to the section", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Our Way" }).click();
    await expect(menu).toBeHidden();
    expect(await isExpanded(page, "Menu")).toBe(false);
    await expect(page).toHaveURL("/#process");
    await expect(
      page.getByRole("heading", { level: 2, name: /How we get your glass/ }),
    ).toBeInViewport();
  });
});

test("from the blog, Services leads to the home page's #services section", async ({
  page,
  isMobile,
}) => {
  const nav = await openNavigation(page, isMobile, "/blog");
  await nav.getByRole("link", { name: "Services", exact: true }).click();
  await expect(page).toHaveURL("/#services");
  await expect(page.locator("#services").getByRole("heading", { level: 2 })).toBeInViewport();
  // The fixed header must not cover the section heading.
  const headerBottom = (await page.getByRole("banner").boundingBox())?.height ?? 0;
  const headingTop = (await page.locator("#services h2").boundingBox())?.y ?? 0;
  expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
});

// The same links and words on any screen.
test.describe("footer", ANY_SCREEN, () => {
  test("links to the sections, the blog and the first 10 cities", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of FOOTER_NAV) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const cities = footer.locator('a[href^="/locations/"]');
    await expect(cities).toHaveCount(10);
    expect(FOOTER_CITY_COUNT).toBe(10);
    expect(await hrefsOf(cities)).toEqual(CITY_HREFS.slice(0, 10));
  });

  test("has call and e-mail links, the service area, hours and named social links", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: SITE.phone.display })).toHaveAttribute(
      "href",
      TEL,
    );
    await expect(footer.getByRole("link", { name: SITE.email })).toHaveAttribute("href", MAILTO);
    await expect(footer).toContainText(`${LOCATIONS.length} Tampa Bay cities`);
    await expect(footer).toContainText("Mon–Fri");
    await expect(footer).toContainText("8 AM – 6 PM");
    await expect(footer).toContainText("9 AM – 3 PM");
    const social = footer.getByRole("list", { name: "Social media" }).getByRole("listitem");
    await expect(social).toHaveCount(SITE.social.length);
    for (const [index, profile] of SITE.social.entries()) {
      const item = social.nth(index);
      const name = `${SITE.shortName} on ${profile.name}`;
      if (profile.href) {
        await expect(item.getByRole("link", { name })).toHaveAttribute("href", profile.href);
      } else {
        // A placeholder is a named icon, never a link that goes nowhere.
        await expect(item.getByRole("img", { name: `${name}: coming soon` })).toBeVisible();
        await expect(item.getByRole("link")).toHaveCount(0);
      }
    }
  });
});
