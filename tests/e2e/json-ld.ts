import type { Page } from "@playwright/test";

/** The first JSON-LD object of a schema.org type on the page, as a crawler would read it. */
export async function jsonLdOfType(page: Page, type: string): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const things = blocks.flatMap((text): unknown[] => [JSON.parse(text)].flat());
  const found = things.find(
    (thing): thing is Record<string, unknown> =>
      typeof thing === "object" && thing !== null && "@type" in thing && thing["@type"] === type,
  );
  if (!found) throw new Error(`no ${type} JSON-LD on ${page.url()}`);
  return found;
}
