import { describe, expect, it } from "vitest";
import { ARTICLES } from "@/content/blog";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { sitemapEntries } from "./sitemap";

describe("sitemap", () => {
  const builtAt = new Date("2025-06-01T00:00:00Z");
  const entries = sitemapEntries(builtAt);
  const paths = entries.map((entry) => new URL(entry.url).pathname);

  it("lists the home page, the plan, city, service-area, privacy and blog pages, once each", () => {
    expect(paths).toContain("/");
    expect(paths).toContain("/blog");
    expect(paths).toContain("/service-area");
    expect(paths).toContain("/privacy");
    for (const plan of PLANS) expect(paths).toContain(`/${plan.slug}`);
    for (const location of LOCATIONS) expect(paths).toContain(`/locations/${location.slug}`);
    for (const article of ARTICLES) expect(paths).toContain(`/blog/${article.slug}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(entries).toHaveLength(1 + PLANS.length + LOCATIONS.length + 3 + ARTICLES.length);
  });

  it("dates an article by its own modification (or publication) date, other pages by the build", () => {
    for (const article of ARTICLES) {
      const entry = entries.find((candidate) => candidate.url.endsWith(`/blog/${article.slug}`));
      expect(entry?.lastModified).toEqual(
        new Date(`${article.dateModified ?? article.datePublished}T00:00:00Z`),
      );
    }
    expect(entries.find((entry) => new URL(entry.url).pathname === "/")?.lastModified).toEqual(
      builtAt,
    );
  });

  it("gives absolute URLs", () => {
    for (const entry of entries) expect(entry.url).toMatch(/^https?:\/\/[^/]+\//);
  });
});
