import { expect, test, visit, type Page } from "./journey";
import { LOCATIONS } from "@/content/locations";
import { LOCATIONS_LINK } from "@/content/navigation";

/** Whether the header's Locations dropdown is open. */
const dropdownOpen = (page: Page) =>
  page.evaluate(() => document.getElementById("nav-locations")!.matches(":popover-open"));

/** Tabs until the focused element matches the condition, at most `limit` times. */
async function tabUntil(page: Page, condition: () => boolean, limit: number, backwards = false) {
  for (let presses = 0; presses < limit; presses++) {
    if (await page.evaluate(condition)) return;
    if (backwards) await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    if (backwards) await page.keyboard.up("Shift");
  }
  throw new Error(`focus did not reach the element in ${limit} presses of Tab`);
}

const onLocationsButton = () =>
  document.activeElement?.getAttribute("popovertarget") === "nav-locations";

// The home page runs the calculator's scripts, an article none: the menu behaves the same on both.
for (const path of ["/", "/blog/how-often-clean-windows-tampa-bay"]) {
  test(`${path}: the Locations dropdown closes when keyboard focus moves on past it`, async ({
    openPage,
  }) => {
    const page = await openPage("desktop");
    await visit(page, path);
    await tabUntil(page, onLocationsButton, 10);
    await page.keyboard.press("Enter");
    expect(await dropdownOpen(page)).toBe(true);
    // Through the cities and the hub it stays open; the Tab that leaves it for the next link closes it.
    const cities: string[] = [];
    for (let presses = 0; presses <= LOCATIONS.length + 2; presses++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() =>
        document.getElementById("nav-locations")!.contains(document.activeElement)
          ? document.activeElement!.textContent
          : null,
      );
      if (inside === null) break;
      cities.push(inside);
      expect(await dropdownOpen(page)).toBe(true);
    }
    expect(cities.at(-2)).toBe(LOCATIONS.at(-1)!.name);
    expect(cities.at(-1)).toBe(LOCATIONS_LINK.label);
    await page.waitForFunction(
      () => !document.getElementById("nav-locations")!.matches(":popover-open"),
    );

    // Opened again, and left backwards from its button: closed too.
    await tabUntil(page, onLocationsButton, 10, true);
    await page.keyboard.press("Enter");
    expect(await dropdownOpen(page)).toBe(true);
    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    await page.waitForFunction(
      () => !document.getElementById("nav-locations")!.matches(":popover-open"),
    );
  });
}
