import type { Locator, Page } from "@playwright/test";

/** The navigation a visitor uses: desktop "Main", or on phones the opened mobile menu. */
export async function openNavigation(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByRole("navigation", { name: "Main" });
  await page.getByRole("button", { name: "Menu" }).click();
  return page.getByRole("navigation", { name: "Mobile" });
}

/** The href of every link a locator matches, in document order. */
export function hrefsOf(links: Locator): Promise<(string | null)[]> {
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
}
