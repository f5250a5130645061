import { expect, test, type Locator, type Page } from "./test";
import { SCRIPTS_LOADED_ATTRIBUTE } from "../../scripts/build/after-paint";
import { LOCATIONS } from "@/content/locations";
import {
  CITY_HREFS,
  expectClosesOnEscape,
  expectOpensOnClick,
  expectOpensOnEnter,
  hrefsOf,
  LOCATIONS_MENU_HREFS,
  menuParts,
} from "./site-nav";

// The header's menus are native popovers: every check here runs with JavaScript turned off.
test.use({ javaScriptEnabled: false });

const [firstCity, secondCity] = LOCATIONS;

/** The city's link in the open menu has the focus, and Enter opens the city's page. */
async function expectEnterOpensCity(page: Page, panel: Locator, city: (typeof LOCATIONS)[number]) {
  await expect(panel.getByRole("link", { name: city.name, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/locations/${city.slug}`);
}

test.describe("Locations dropdown without JavaScript (desktop)", () => {
  test.skip(({ isMobile }) => isMobile, "the phone project uses the mobile menu");

  test("opens under its button, lists every city within 400px, closes on Escape and outside", async ({
    page,
  }) => {
    await page.goto("/blog");
    const parts = await menuParts(page, "Main", "Locations");
    const { toggle, panel } = parts;
    await expectOpensOnClick(page, "Locations", parts);
    expect(await hrefsOf(panel.getByRole("link"))).toEqual(LOCATIONS_MENU_HREFS);
    await expect(panel).toHaveCSS("max-height", "400px");
    // Centred under its button (CSS anchor positioning).
    const [button, box] = [await toggle.boundingBox(), await panel.boundingBox()];
    if (!button || !box) throw new Error("the button and its open panel have boxes");
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(Math.abs(box.x + box.width / 2 - (button.x + button.width / 2))).toBeLessThan(2);

    await expectClosesOnEscape(page, "Locations", parts);

    await toggle.click();
    await expect(panel).toBeVisible();
    // Outside the panel: the start of the page heading, to the left of it.
    await page.getByRole("heading", { level: 1 }).click({ position: { x: 8, y: 8 } });
    await expect(panel).toBeHidden();
  });

  test("works from the keyboard and a chosen city opens its page", async ({ page }) => {
    await page.goto("/");
    const { toggle, panel } = await menuParts(page, "Main", "Locations");
    await expectOpensOnEnter(page, { toggle, panel });
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: firstCity.name, exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    // No script has run on this page (the home page has some to load).
    await expect(page.locator("html")).not.toHaveAttribute(SCRIPTS_LOADED_ATTRIBUTE);

    await page.keyboard.press("Space");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectEnterOpensCity(page, panel, secondCity);
    await expect(page.locator("#nav-locations")).toBeHidden();
  });
});

test.describe("mobile menu without JavaScript (phone)", () => {
  test.skip(({ isMobile }) => !isMobile, "the desktop project shows the links inline");

  test("opens below the header, closes on Escape with focus back on its button", async ({
    page,
  }) => {
    await page.goto("/");
    const parts = await menuParts(page, null, "Menu");
    const { panel } = parts;
    await expectOpensOnClick(page, "Menu", parts);
    await expect(panel.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    const header = await page.getByRole("banner").boundingBox();
    expect((await panel.boundingBox())?.y).toBe(header?.height);

    await panel.getByText("Locations", { exact: true }).click();
    expect(await hrefsOf(panel.locator('a[href^="/locations/"]'))).toEqual(CITY_HREFS);
    await expect(panel.locator('a[href^="/locations/"]').last()).toBeVisible();

    await expectClosesOnEscape(page, "Menu", parts);
  });

  test("a tap outside closes it", async ({ page }) => {
    await page.goto("/blog");
    const { toggle, panel } = await menuParts(page, null, "Menu");
    await toggle.click();
    await expect(panel).toBeVisible();
    // The blank stretch of the header between the logo and the call button.
    const banner = page.getByRole("banner");
    const logo = await banner.getByRole("link").first().boundingBox();
    const call = await banner
      .getByRole("link", { name: /^Call Us/ })
      .first()
      .boundingBox();
    if (!logo || !call) throw new Error("the logo and the call button have boxes");
    await page.touchscreen.tap((logo.x + logo.width + call.x) / 2, call.y + call.height / 2);
    await expect(panel).toBeHidden();
  });

  test("choosing a section link from another page opens the section, menu closed", async ({
    page,
  }) => {
    await page.goto("/blog");
    const { toggle, panel } = await menuParts(page, null, "Menu");
    await toggle.click();
    await panel.getByRole("link", { name: "Our Way" }).click();
    await expect(page).toHaveURL("/#process");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.locator("#process").getByRole("heading", { level: 2 })).toBeInViewport();
  });

  test("works from the keyboard: Locations opens, a city opens its page", async ({ page }) => {
    await page.goto("/blog");
    const menu = await menuParts(page, null, "Menu");
    await expectOpensOnEnter(page, menu);
    const { panel } = menu;
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Services", exact: true })).toBeFocused();
    for (const name of ["Our Way", "Maintenance Plans"]) {
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await expect(panel.getByText("Locations", { exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expectEnterOpensCity(page, panel, firstCity);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});
