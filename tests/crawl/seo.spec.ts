import { expect, test } from "@playwright/test";
import { ARTICLES } from "@/content/blog";
import { CITY_PAGE_CHANGES } from "@/content/city-page-changes";
import { LOCATION_ALIASES, LOCATIONS } from "@/content/locations";
import { PRIVACY_LINK } from "@/content/navigation";
import { PLANS } from "@/content/plans";
import { REVIEWS_URL, SITE } from "@/content/site";
import { MAX_CITY_PAGE_SIMILARITY, pairScores } from "@/lib/seo/similarity";
import { crawl, sitemapUrls, textOf } from "./crawl";

/** What a search crawler reads: the sitemap, robots.txt, and every page's head, over HTTP. */

test("the sitemap lists the home page, the locations hub and every plan, city and blog page", async ({
  request,
}) => {
  const paths = (await sitemapUrls(request)).map((url) => new URL(url).pathname);
  expect(paths).toContain("/");
  expect(paths).toContain("/locations");
  for (const plan of PLANS) expect(paths).toContain(`/${plan.slug}`);
  for (const location of LOCATIONS) expect(paths).toContain(`/locations/${location.slug}`);
  expect(paths).toContain("/blog");
  for (const article of ARTICLES) expect(paths).toContain(`/blog/${article.slug}`);
  expect(new Set(paths).size).toBe(paths.length);
});

test("the sitemap dates a city page by when its content changed and the home page not at all", async ({
  request,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const lastmod = (path: string) => {
    const entry = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].find((match) =>
      new RegExp(`<loc>[^<]*${path}</loc>`).test(match[1] ?? ""),
    );
    expect(entry, path).toBeDefined();
    return entry?.[1]?.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1];
  };
  for (const location of LOCATIONS) {
    const changed = CITY_PAGE_CHANGES[location.slug]?.changed;
    expect(lastmod(`/locations/${location.slug}`), location.slug).toBe(
      new Date(`${changed}T00:00:00Z`).toISOString(),
    );
  }
  // A build time would claim a change that did not happen (issue #55).
  expect(lastmod("/blog")).toBeUndefined();
  expect(lastmod("/locations")).toBeUndefined();
});

test("every sitemap URL answers 200 with its own title, description, canonical and valid JSON-LD", async ({
  request,
}) => {
  const urls = await sitemapUrls(request);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const url of urls) {
    // The sitemap names the public site URL; the test server answers the same paths.
    const page = await crawl(request, new URL(url).pathname);
    const { path } = page;
    expect(page.status, path).toBe(200);
    expect(page.title, path).not.toBe("");
    const description = page.meta("description");
    expect(description, path).toBeTruthy();
    // Compared as URLs: "https://host" and "https://host/" are the same address.
    expect(page.canonical && new URL(page.canonical).href, `${path} canonical`).toBe(
      new URL(url).href,
    );
    const footerLinks = [...page.document.querySelectorAll("footer a")].map((a) =>
      a.getAttribute("href"),
    );
    expect(footerLinks, `${path} footer`).toContain(PRIVACY_LINK.href);
    const ogUrl = page.meta("og:url");
    expect(ogUrl && new URL(ogUrl).href, `${path} og:url`).toBe(new URL(url).href);
    expect(page.jsonLd.length, `${path} JSON-LD`).toBeGreaterThan(0);
    for (const data of page.jsonLd.flat()) {
      expect(data, path).toMatchObject({
        "@context": "https://schema.org",
        "@type": expect.any(String),
      });
    }
    expect(titles.get(page.title), `title of ${path} repeats`).toBeUndefined();
    expect(descriptions.get(description ?? ""), `description of ${path} repeats`).toBeUndefined();
    titles.set(page.title, path);
    descriptions.set(description ?? "", path);
  }
});

test("every city page has its exact title, a quote-and-call description and geo tags", async ({
  request,
}) => {
  for (const location of LOCATIONS) {
    const page = await crawl(request, `/locations/${location.slug}`);
    const { path } = page;
    expect(page.status, path).toBe(200);
    expect(page.title, path).toBe(`Window Cleaning ${location.name} FL | ${SITE.shortName}`);
    // What a result shows of a title before cutting it (issue #55).
    expect(page.title.length, path).toBeLessThanOrEqual(60);
    const description = page.meta("description");
    expect(description, path).toMatch(/free quote/i);
    expect(description, path).toContain(`call ${SITE.phone.display}`);
    expect(page.meta("geo.region"), path).toBe("US-FL");
    expect(page.meta("geo.placename"), path).toBe(`${location.name}, FL`);
    expect(page.meta("geo.position"), path).toBe(`${location.lat};${location.lon}`);
    expect(page.meta("ICBM"), path).toBe(`${location.lat}, ${location.lon}`);
    expect(page.h1, path).toBe(`Serving ${location.name}, FL`);
    // Home › Locations (the hub, issue #55) › the city, in the visible trail and the markup alike.
    const trail = page.document.querySelector('nav[aria-label="Breadcrumb"]');
    expect(
      [...(trail?.querySelectorAll("a") ?? [])].map((a) => [a.textContent, a.getAttribute("href")]),
      path,
    ).toEqual([
      ["Home", "/"],
      ["Locations", "/locations"],
    ]);
    expect(trail?.querySelector('[aria-current="page"]')?.textContent, path).toBe(location.name);
    const crumbs = page.jsonLdOfType("BreadcrumbList").itemListElement as {
      name: string;
      item: string;
    }[];
    expect(
      crumbs.map((crumb) => [crumb.name, new URL(crumb.item).pathname + new URL(crumb.item).hash]),
      path,
    ).toEqual([
      ["Home", "/"],
      ["Locations", "/locations"],
      [location.name, path],
    ]);
    // The rating a visitor reads links to where it is given; no markup rates the business.
    const rating = [...page.document.querySelectorAll("a")].find((a) =>
      /rating from/.test(a.textContent ?? ""),
    );
    expect(rating?.getAttribute("href"), path).toBe(REVIEWS_URL);
    // Its own WebPage and Service; the business only named, as provider (issue #55).
    expect(page.jsonLdOfType("WebPage"), path).toMatchObject({
      url: expect.stringMatching(new RegExp(`/locations/${location.slug}$`)),
      mainEntity: {
        "@type": "Service",
        provider: { "@id": expect.stringMatching(/\/#business$/) },
        areaServed: {
          "@type": expect.stringMatching(/^(City|Place)$/),
          name: `${location.name}, FL`,
        },
      },
    });
  }
});

test("the /locations hub lists every community once, under its county, beside the map, and ships no script", async ({
  request,
}) => {
  const page = await crawl(request, "/locations");
  expect(page.status).toBe(200);
  expect(page.title).toBe(`Window Cleaning Locations in Tampa Bay | ${SITE.shortName}`);
  expect(page.title.length).toBeLessThanOrEqual(60);
  expect(new URL(page.canonical ?? "").pathname).toBe("/locations");
  expect(page.h1).toBe(`Serving ${LOCATIONS.length} Tampa Bay communities`);
  const main = page.document.querySelector("main");
  expect(main?.querySelector('svg[role="img"] title')?.textContent).toMatch(/^Map of /);
  expect(main?.querySelectorAll("svg circle")).toHaveLength(LOCATIONS.length);
  const cityLinks = [...(main?.querySelectorAll('a[href^="/locations/"]') ?? [])];
  expect(cityLinks).toHaveLength(LOCATIONS.length);
  for (const location of LOCATIONS) {
    const links = cityLinks.filter((a) => a.getAttribute("href") === `/locations/${location.slug}`);
    expect(links, location.slug).toHaveLength(1);
    const list = links[0]?.closest("ul");
    const heading = page.document.getElementById(list?.getAttribute("aria-labelledby") ?? "");
    expect(textOf(heading), location.slug).toBe(`${location.county} County`);
  }
  expect(main?.querySelector('a[href="/service-area"]')).not.toBeNull();
  const crumbs = page.jsonLdOfType("BreadcrumbList").itemListElement as { name: string }[];
  expect(crumbs.map((crumb) => crumb.name)).toEqual(["Home", "Locations"]);
  expect(page.document.querySelectorAll("script[src]")).toHaveLength(0);
});

test("robots.txt allows every crawler and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const robots = await response.text();
  expect(robots).toMatch(/^User-Agent: \*$/im);
  expect(robots).toMatch(/^Allow: \/$/im);
  expect(robots).not.toMatch(/^Disallow: \S/im);
  const sitemap = robots.match(/^Sitemap: (\S+)$/im)?.[1];
  expect(sitemap && new URL(sitemap).pathname).toBe("/sitemap.xml");
});

test("a city's other name answers 308 to its page; a slug that is neither is the not-found page with a 404", async ({
  request,
}) => {
  const sitemap = (await sitemapUrls(request)).map((url) => new URL(url).pathname);
  for (const [alias, slug] of Object.entries(LOCATION_ALIASES)) {
    const from = `/locations/${alias}`;
    const response = await request.get(`${from}?utm_source=menu`, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(response.headers().location, from).toBe(`/locations/${slug}?utm_source=menu`);
    expect(sitemap).not.toContain(from);
    const page = await crawl(request, from);
    expect(page.status, from).toBe(200);
    expect(new URL(page.canonical ?? "").pathname, from).toBe(`/locations/${slug}`);
  }
  for (const path of ["/locations/not-a-city", "/locations/st-petersburgh"]) {
    const page = await crawl(request, path);
    expect(page.status, path).toBe(404);
    expect(page.h1).not.toMatch(/Serving/);
    expect(page.meta("robots")).toMatch(/noindex/);
  }
});

test("social cards: a site default and one per city, as PNG images named in the page head", async ({
  request,
}) => {
  const home = await request.get("/opengraph-image");
  expect(home.status()).toBe(200);
  expect(home.headers()["content-type"]).toBe("image/png");
  for (const location of LOCATIONS) {
    const page = await crawl(request, `/locations/${location.slug}`);
    const image = page.meta("og:image");
    expect(image && new URL(image).pathname).toBe(`/locations/${location.slug}/opengraph-image`);
  }
  // Rendering a card is the slow part: three of them stand for the rest.
  for (const location of LOCATIONS.slice(0, 3)) {
    const card = await request.get(`/locations/${location.slug}/opengraph-image`);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
    expect((await card.body()).byteLength).toBeGreaterThan(10_000);
  }
});

test("no two city pages read as one page with the name swapped (word 5-gram Jaccard over all of <main>)", async ({
  request,
}) => {
  const pages = [];
  for (const location of LOCATIONS) {
    const page = await crawl(request, `/locations/${location.slug}`);
    // All of <main> as served, the quote section included: visitors and crawlers read it (issue #55).
    pages.push({ name: location.name, text: textOf(page.document.querySelector("main")) });
  }
  const scores = pairScores(pages);
  expect(scores).toHaveLength((LOCATIONS.length * (LOCATIONS.length - 1)) / 2);
  const [worst] = scores;
  expect(worst?.score, worst?.pair).toBeLessThanOrEqual(MAX_CITY_PAGE_SIMILARITY);
});

test("the saved-quote page is never indexed, never in the sitemap, and sends no referrer", async ({
  request,
}) => {
  const page = await crawl(request, "/my-quote");
  expect(page.status).toBe(200);
  expect(page.meta("robots")).toMatch(/noindex/);
  expect(page.meta("referrer")).toBe("no-referrer");
  const response = await request.get("/my-quote");
  expect(response.headers()["referrer-policy"]).toBe("no-referrer");
  const paths = (await sitemapUrls(request)).map((url) => new URL(url).pathname);
  expect(paths).not.toContain("/my-quote");
});
