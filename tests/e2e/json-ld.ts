import type { Page } from "@playwright/test";

/** The first JSON-LD object of a schema.org type among a page's JSON-LD script texts. */
export function jsonLdThing(blocks: string[], type: string): Record<string, unknown> | undefined {
  const things = blocks.flatMap((text): unknown[] => [JSON.parse(text)].flat());
  return things.find(
    (thing): thing is Record<string, unknown> =>
      typeof thing === "object" && thing !== null && "@type" in thing && thing["@type"] === type,
  );
}

/** The first JSON-LD object of a schema.org type on the page, as a crawler would read it. */
export async function jsonLdOfType(page: Page, type: string): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const found = jsonLdThing(blocks, type);
  if (!found) throw new Error(`no ${type} JSON-LD on ${page.url()}`);
  return found;
}
