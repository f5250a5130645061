import { LOCATIONS } from "@/content/locations";
import { expect, type Locator, type Page } from "./test";

/** Every city page's path, in the order the header lists them (docs/pages.md, "Navigation"). */
export const CITY_HREFS = LOCATIONS.map((location) => `/locations/${location.slug}`);

/** The Locations menu's links: every city page, then the hub that lists them by county. */
export const LOCATIONS_MENU_HREFS = [...CITY_HREFS, "/locations"];

/** The page at `path`, and the navigation a visitor uses: desktop "Main", or on phones the opened mobile menu. */
export async function openNavigation(page: Page, isMobile: boolean, path: string) {
  await page.goto(path);
  return openMenu(page, isMobile);
}

/** openNavigation on the page already open. */
export async function openMenu(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByRole("navigation", { name: "Main" });
  await page.getByRole("button", { name: "Menu" }).click();
  return page.getByRole("navigation", { name: "Mobile" });
}

/** The href of every link a locator matches, in document order. */
export function hrefsOf(links: Locator): Promise<(string | null)[]> {
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
}

/**
 * Whether Chromium's accessibility tree exposes the one rendered button of this name as expanded.
 * A popover's invoking button gets that state from the browser, with no aria-expanded attribute.
 */
export async function isExpanded(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodes } = await cdp.send("Accessibility.queryAXTree", {
      nodeId: root.nodeId,
      accessibleName: name,
      role: "button",
    });
    const rendered = nodes.filter((node) => !node.ignored);
    if (rendered.length !== 1) throw new Error(`${rendered.length} buttons named "${name}"`);
    const expanded = rendered[0]?.properties?.find((property) => property.name === "expanded");
    return typeof expanded?.value.value === "boolean" ? expanded.value.value : undefined;
  } finally {
    await cdp.detach();
  }
}

type MenuParts = { toggle: Locator; panel: Locator };

/** A header menu's button (in the "Main" navigation, or anywhere on the page) and the panel it controls. */
export async function menuParts(
  page: Page,
  scope: "Main" | null,
  name: string,
): Promise<MenuParts> {
  const toggle = (scope ? page.getByRole("navigation", { name: scope }) : page).getByRole(
    "button",
    { name },
  );
  const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  return { toggle, panel };
}

/** A click on the closed menu's button shows its panel, and the button is exposed as expanded. */
export async function expectOpensOnClick(page: Page, name: string, { toggle, panel }: MenuParts) {
  await expect(panel).toBeHidden();
  expect(await isExpanded(page, name)).toBe(false);
  await toggle.click();
  await expect(panel).toBeVisible();
  expect(await isExpanded(page, name)).toBe(true);
}

/** Escape hides the open menu, the button is exposed as collapsed and has the focus back. */
export async function expectClosesOnEscape(page: Page, name: string, { toggle, panel }: MenuParts) {
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  expect(await isExpanded(page, name)).toBe(false);
  await expect(toggle).toBeFocused();
}

/** Enter on the menu's focused button shows its panel. */
export async function expectOpensOnEnter(page: Page, { toggle, panel }: MenuParts) {
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
}

/** A call to action's two ways in: Get Free Quote to the calculator, and a link that dials us. */
export async function expectQuoteAndCallLinks(cta: Locator) {
  await expect(cta.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute(
    "href",
    "/#contact",
  );
  await expect(cta.getByRole("link", { name: /^Call / })).toHaveAttribute(
    "href",
    /^tel:\+1\d{10}$/,
  );
}
