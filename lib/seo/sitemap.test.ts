import { describe, expect, it } from "vitest";
import { ARTICLES } from "@/content/blog";
import { CITY_PAGE_CHANGES } from "@/content/city-page-changes";
import { LOCATIONS, locationPath } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { sitemapEntries } from "./sitemap";

describe("sitemap", () => {
  const entries = sitemapEntries();
  const paths = entries.map((entry) => new URL(entry.url).pathname);

  it("lists the home page, the locations hub, the plan, city, service-area, privacy and blog pages, once each", () => {
    expect(paths).toContain("/");
    expect(paths).toContain("/locations");
    expect(paths).toContain("/blog");
    expect(paths).toContain("/service-area");
    expect(paths).toContain("/privacy");
    for (const plan of PLANS) expect(paths).toContain(`/${plan.slug}`);
    for (const location of LOCATIONS) expect(paths).toContain(`/locations/${location.slug}`);
    for (const article of ARTICLES) expect(paths).toContain(`/blog/${article.slug}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(entries).toHaveLength(1 + PLANS.length + 1 + LOCATIONS.length + 3 + ARTICLES.length);
  });

  it("dates an article and a city page by when its content changed, and claims no date for other pages", () => {
    for (const article of ARTICLES) {
      const entry = entries.find((candidate) => candidate.url.endsWith(`/blog/${article.slug}`));
      expect(entry?.lastModified).toEqual(
        new Date(`${article.dateModified ?? article.datePublished}T00:00:00Z`),
      );
    }
    for (const location of LOCATIONS) {
      const entry = entries.find((candidate) => candidate.url.endsWith(locationPath(location)));
      expect(entry?.lastModified).toEqual(
        new Date(`${CITY_PAGE_CHANGES[location.slug]?.changed}T00:00:00Z`),
      );
    }
    for (const undated of ["/", "/locations"]) {
      expect(entries.find((entry) => new URL(entry.url).pathname === undated)).not.toHaveProperty(
        "lastModified",
      );
    }
  });

  it("gives absolute URLs", () => {
    for (const entry of entries) expect(entry.url).toMatch(/^https?:\/\/[^/]+\//);
  });
});
