import { expect, test } from "./test";
import { z } from "zod";
import { LOCATIONS } from "@/content/locations";
import { RATING_LABEL, REVIEWS_URL, SITE } from "@/content/site";
import { jsonLdOfType } from "./json-ld";

// The structured data against what a visitor sees; the crawler's view of every page is in
// tests/crawl/. It does not depend on the viewport.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "checked once");
});

test("the home page's structured data states what the page shows", async ({ page }) => {
  await page.goto("/");
  const business = z
    .object({
      telephone: z.string(),
      email: z.string(),
      priceRange: z.literal("$$"),
      foundingDate: z.string(),
      areaServed: z.array(
        z.object({
          "@type": z.string(),
          name: z.string().optional(),
          geoRadius: z.number().optional(),
        }),
      ),
      openingHoursSpecification: z.array(
        z.object({ dayOfWeek: z.array(z.string()), opens: z.string(), closes: z.string() }),
      ),
      hasOfferCatalog: z.object({
        itemListElement: z.array(z.object({ itemOffered: z.object({ name: z.string() }) })),
      }),
    })
    .parse(await jsonLdOfType(page, "LocalBusiness"));
  await expect(page.locator(`a[href="tel:${business.telephone}"]`).first()).toBeAttached();
  await expect(page.locator(`a[href="mailto:${business.email}"]`).first()).toBeAttached();
  const cities = business.areaServed
    .filter((area) => area["@type"] !== "GeoCircle")
    .map((area) => area.name);
  expect(cities).toEqual(LOCATIONS.map((location) => `${location.name}, FL`));
  expect(business.areaServed.find((area) => area["@type"] === "GeoCircle")?.geoRadius).toBe(50_000);
  const text = await page.locator("body").innerText();
  // No rating markup (self-serving); the visible rating links to where it is given.
  expect(business).not.toHaveProperty("aggregateRating");
  await expect(
    page.getByRole("link", { name: `${SITE.rating.value.toFixed(1)} · ${RATING_LABEL}` }),
  ).toHaveAttribute("href", REVIEWS_URL);
  expect(text).toMatch(new RegExp(`(since|founded in|in) ${business.foundingDate}`, "i"));
  // Opening hours: the footer's table shows each group's days and times.
  const footer = page.getByRole("contentinfo");
  const clock = (time: string) => {
    const [hour = 0, minute = 0] = time.split(":").map(Number);
    return `${hour % 12 === 0 ? 12 : hour % 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour >= 12 ? "PM" : "AM"}`;
  };
  for (const group of business.openingHoursSpecification) {
    await expect(footer).toContainText(`${clock(group.opens)} – ${clock(group.closes)}`);
  }
  for (const offer of business.hasOfferCatalog.itemListElement) {
    await expect(page.getByRole("heading", { name: offer.itemOffered.name })).toBeVisible();
  }

  const faq = z
    .object({
      mainEntity: z.array(
        z.object({ name: z.string(), acceptedAnswer: z.object({ text: z.string() }) }),
      ),
    })
    .parse(await jsonLdOfType(page, "FAQPage"));
  expect(faq.mainEntity.length).toBeGreaterThan(0);
  for (const question of faq.mainEntity) {
    await expect(page.getByText(question.name, { exact: true })).toBeAttached();
    await expect(page.getByText(question.acceptedAnswer.text, { exact: true })).toBeAttached();
  }
  await expect(jsonLdOfType(page, "WebSite")).resolves.toMatchObject({ name: SITE.brand });
  await expect(jsonLdOfType(page, "BreadcrumbList")).resolves.toMatchObject({
    itemListElement: [{ name: "Home" }],
  });
});
