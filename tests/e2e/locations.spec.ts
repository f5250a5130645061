import { expectNoViolations } from "./axe";
import type { Locator } from "@playwright/test";
import { expect, test } from "./test";
import { z } from "zod";
import { LOCATION_BENEFITS } from "@/content/location-page";
import { getLocation, LOCATIONS } from "@/content/locations";
import { RATING_LABEL, REVIEWS_URL, SITE } from "@/content/site";
import { jsonLdOfType } from "./json-ld";

/** What a city page leaves to the home page is one link away: every service's points and the guarantees. */
async function expectServicesLinked(main: Locator) {
  await expect(main.getByRole("link", { name: "What each service includes" })).toHaveAttribute(
    "href",
    "/#services",
  );
  await expect(main.getByRole("link", { name: "Our guarantees" })).toHaveAttribute(
    "href",
    "/#guarantee",
  );
}

const DUNEDIN = getLocation("dunedin");
if (!DUNEDIN) throw new Error("content/locations.ts lost Dunedin");

test("a city page has its sections in order, and its buttons quote and call", async ({ page }) => {
  await page.goto("/locations/dunedin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Serving Dunedin, FL");
  const main = page.getByRole("main");
  await expectServicesLinked(main);
  // The specification's four benefits, by title: what each means is the home page's.
  await expect(main.getByRole("list", { name: "Why us" }).getByRole("listitem")).toHaveText([
    ...LOCATION_BENEFITS,
  ]);
  // Order: hero, services, local text with the town's questions, quote section.
  const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
  const at = (pattern: RegExp) => headings.findIndex((heading) => pattern.test(heading));
  expect(at(/services in Dunedin/)).toBeGreaterThanOrEqual(0);
  expect(at(/services in Dunedin/)).toBeLessThan(
    at(/^Window cleaning in Dunedin, Pinellas County$/),
  );
  expect(at(/^Window cleaning in Dunedin, Pinellas County$/)).toBeLessThan(at(/quote/i));
  await expect(
    main.getByRole("heading", {
      level: 4,
      name: "Can you clean our Dunedin storefront before we open?",
    }),
  ).toBeVisible();

  const call = main.getByRole("link", { name: `Call ${SITE.phone.display}` }).first();
  await expect(call).toHaveAttribute("href", `tel:${SITE.phone.e164}`);
  await main.getByRole("link", { name: "Instant Quote" }).first().click();
  await expect(page).toHaveURL(/\/locations\/dunedin#contact$/);
  await expect(page.locator("#contact")).toBeInViewport();
  await expect(page.locator("#contact").getByRole("heading", { level: 2 })).toContainText(
    "Dunedin",
  );
});

test("the local text names the county and lists the nearest service cities, nearest first", async ({
  page,
}) => {
  await page.goto("/locations/dunedin");
  const article = page.getByRole("main").getByRole("article");
  await expect(article).toContainText("St. Joseph Sound");
  await expect(article).toContainText("county seat Clearwater");
  const nearby = article
    .getByRole("list")
    .filter({ has: page.getByRole("link", { name: "Palm Harbor" }) });
  const items = await nearby.getByRole("listitem").allTextContents();
  expect(items).toHaveLength(6);
  const miles = items.map((item) => Number(item.match(/(\d+) mi/)?.[1]));
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  // Clearwater (south) and Palm Harbor (north) are both about 4 miles from Dunedin.
  expect(items.slice(0, 2).join(" ")).toMatch(/Palm Harbor · 4 mi north/);
  expect(items.slice(0, 2).join(" ")).toMatch(/Clearwater · 4 mi south\b/);

  await nearby.getByRole("link", { name: "Palm Harbor" }).click();
  await expect(page).toHaveURL(/\/locations\/palm-harbor$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Serving Palm Harbor, FL");
});

test("the service-area map is an image with a text alternative, and its caption says how the cities are marked", async ({
  page,
}) => {
  await page.goto("/locations/tampa");
  const map = page.getByRole("img", { name: "Map of the service area around Tampa" });
  await expect(map).toBeVisible();
  const figure = page.locator("figure").filter({ has: map });
  await expect(figure.locator("figcaption")).toContainText("Tampa in yellow");
  expect(await map.locator("circle").count()).toBe(LOCATIONS.length);
});

test(
  "the page's Service markup states what the page shows",
  { tag: "@any-screen" },
  async ({ page }) => {
    await page.goto("/locations/dunedin");
    const { mainEntity: service } = z
      .object({
        mainEntity: z.object({
          provider: z.object({ "@id": z.string(), url: z.string() }),
          areaServed: z.object({ "@type": z.string(), name: z.string() }),
          hasOfferCatalog: z.object({
            itemListElement: z.array(z.object({ itemOffered: z.object({ name: z.string() }) })),
          }),
        }),
      })
      .parse(await jsonLdOfType(page, "WebPage"));
    // The business by reference, described once on the home page; it works in Dunedin, no office there.
    expect(service.provider["@id"]).toBe(new URL("/#business", service.provider.url).href);
    expect(service.provider).not.toHaveProperty("address");
    expect(service.areaServed).toEqual({ "@type": "City", name: "Dunedin, FL" });
    const main = page.getByRole("main");
    await expect(
      main.getByRole("link", {
        name: `${SITE.rating.value.toFixed(1)} rating from ${RATING_LABEL}`,
      }),
    ).toHaveAttribute("href", REVIEWS_URL);
    for (const offer of service.hasOfferCatalog.itemListElement) {
      await expect(main.getByRole("heading", { name: offer.itemOffered.name })).toBeVisible();
    }
  },
);

// On desktop: a city page's only phone layout is the header's, checked in a11y.spec.ts.
test(
  "a city page passes an automated WCAG 2.2 AA check",
  { tag: "@any-screen" },
  async ({ page }) => {
    await page.goto("/locations/madeira-beach");
    await expectNoViolations(page);
  },
);
