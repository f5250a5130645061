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
