import { expect, test, type Page } from "./test";
import { z } from "zod";
import { ARTICLES } from "@/content/blog";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { SITE } from "@/content/site";
import { jaccard, MAX_CITY_PAGE_SIMILARITY, shingles, words } from "@/lib/seo/similarity";
import { jsonLdOfType } from "./json-ld";

// Crawler checks read the whole site once; they do not depend on the viewport.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "crawler checks run once");
});

async function sitemapUrls(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
}

/** Everything a crawler reads in a page's head (null where a tag is missing), plus the parsed JSON-LD. */
async function headOf(page: Page) {
  const head = await page.evaluate(() => {
    const attribute = (selector: string, name: string) =>
      document.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      title: document.title,
      description: attribute('meta[name="description"]', "content"),
      canonical: attribute('link[rel="canonical"]', "href"),
      ogUrl: attribute('meta[property="og:url"]', "content"),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
    };
  });
  return { ...head, jsonLd: head.jsonLd.map((text): unknown => JSON.parse(text)) };
}

test("the sitemap lists the home page and every plan, city and blog page", async ({ page }) => {
  const paths = (await sitemapUrls(page)).map((url) => new URL(url).pathname);
  expect(paths).toContain("/");
  for (const plan of PLANS) expect(paths).toContain(`/${plan.slug}`);
  for (const location of LOCATIONS) expect(paths).toContain(`/locations/${location.slug}`);
  expect(paths).toContain("/blog");
  for (const article of ARTICLES) expect(paths).toContain(`/blog/${article.slug}`);
  expect(new Set(paths).size).toBe(paths.length);
});

test("every sitemap URL answers 200 with its own title, description, canonical and valid JSON-LD", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const urls = await sitemapUrls(page);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const url of urls) {
    // The sitemap names the public site URL; the test server answers the same paths.
    const path = new URL(url).pathname;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const head = await headOf(page);
    expect(head.title, path).not.toBe("");
    expect(head.description, path).toBeTruthy();
    // Compared as URLs: "https://host" and "https://host/" are the same address.
    expect(head.canonical && new URL(head.canonical).href, `${path} canonical`).toBe(
      new URL(url).href,
    );
    expect(head.ogUrl && new URL(head.ogUrl).href, `${path} og:url`).toBe(new URL(url).href);
    expect(head.jsonLd.length, `${path} JSON-LD`).toBeGreaterThan(0);
    for (const data of head.jsonLd.flat()) {
      expect(data, path).toMatchObject({
        "@context": "https://schema.org",
        "@type": expect.any(String),
      });
    }
    expect(titles.get(head.title), `title of ${path} repeats`).toBeUndefined();
    expect(
      descriptions.get(head.description ?? ""),
      `description of ${path} repeats`,
    ).toBeUndefined();
    titles.set(head.title, path);
    descriptions.set(head.description ?? "", path);
  }
});

test("robots.txt allows every crawler and names the sitemap", async ({ page }) => {
  const response = await page.request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const robots = await response.text();
  expect(robots).toMatch(/^User-Agent: \*$/im);
  expect(robots).toMatch(/^Allow: \/$/im);
  expect(robots).not.toMatch(/^Disallow: \S/im);
  const sitemap = robots.match(/^Sitemap: (\S+)$/im)?.[1];
  expect(sitemap && new URL(sitemap).pathname).toBe("/sitemap.xml");
});

test("a slug that is not a city is the not-found page with a 404", async ({ page }) => {
  const response = await page.goto("/locations/not-a-city");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /Serving/ })).toHaveCount(0);
});

test("social cards: a site default and one per city, as PNG images named in the page head", async ({
  page,
}) => {
  const home = await page.request.get("/opengraph-image");
  expect(home.status()).toBe(200);
  expect(home.headers()["content-type"]).toBe("image/png");
  for (const location of LOCATIONS.slice(0, 3)) {
    await page.goto(`/locations/${location.slug}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image && new URL(image).pathname).toBe(`/locations/${location.slug}/opengraph-image`);
    const card = await page.request.get(`/locations/${location.slug}/opengraph-image`);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    expect((await card.body()).byteLength).toBeGreaterThan(10_000);
  }
});

test("no two city pages read as one page with the name swapped (word 5-gram Jaccard)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const texts: { name: string; text: string }[] = [];
  for (const location of LOCATIONS) {
    await page.goto(`/locations/${location.slug}`);
    // The page's own content: everything in <main> except the shared quote section.
    const text = await page.locator("main").evaluate((main) => {
      const copy = main.cloneNode(true);
      if (!(copy instanceof HTMLElement)) return "";
      copy.querySelector("#contact")?.remove();
      return copy.innerText;
    });
    expect(words(text).length, location.name).toBeGreaterThan(500);
    texts.push({ name: location.name, text });
  }
  const sets = texts.map(({ name, text }) => ({ name, set: shingles(text) }));
  const scores = sets.flatMap((a, i) =>
    sets.slice(i + 1).map((b) => ({ pair: `${a.name} / ${b.name}`, score: jaccard(a.set, b.set) })),
  );
  const worst = scores.reduce((max, entry) => (entry.score > max.score ? entry : max));
  expect(scores).toHaveLength((LOCATIONS.length * (LOCATIONS.length - 1)) / 2);
  expect(worst.score, worst.pair).toBeLessThanOrEqual(MAX_CITY_PAGE_SIMILARITY);
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
      aggregateRating: z.object({ ratingValue: z.number(), reviewCount: z.number() }),
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
    .filter((area) => area["@type"] === "City")
    .map((area) => area.name);
  expect(cities).toEqual(LOCATIONS.map((location) => `${location.name}, FL`));
  expect(business.areaServed.find((area) => area["@type"] === "GeoCircle")?.geoRadius).toBe(50_000);
  const text = await page.locator("body").innerText();
  expect(text).toContain(`${business.aggregateRating.ratingValue.toFixed(1)}`);
  expect(text).toContain(`${business.aggregateRating.reviewCount}+ five-star reviews`);
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
