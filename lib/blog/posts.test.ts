import { describe, expect, it } from "vitest";
import { ARTICLES } from "@/content/blog";
import { BLOG_CATEGORIES } from "@/content/blog/types";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { SITE } from "@/content/site";
import { parseInline } from "./inline";
import { getArticle, getPostSummaries, postPath, relatedArticles } from "./posts";
import { articleTexts } from "./reading-time";

// docs/decisions.md, "Blog", copied by hand.
const STATED_POSTS = {
  "window-cleaning-near-me-tampa-bay": { category: "Local Guides", date: "2025-01-15" },
  "how-often-clean-windows-tampa-bay": { category: "Tips & Guides", date: "2025-01-10" },
  "remove-hard-water-stains-windows": { category: "Tips & Guides", date: "2025-01-05" },
  "professional-vs-diy-window-cleaning": { category: "Industry Insights", date: "2024-12-28" },
  "best-window-cleaning-techniques-florida": { category: "Tips & Guides", date: "2024-12-20" },
  "window-cleaning-st-pete-clearwater-tampa": { category: "Local Guides", date: "2024-12-12" },
} as const;

// docs/pricing.md, "Prices articles may cite", plus the plan benefit's value read from its owner.
const ALLOWED_PRICES = new Set([
  "$150–300",
  "$250–500",
  "$400–800",
  "$50–150",
  "$150–250",
  "$250–400",
  "$400–700",
  SITE.freeHardWaterValue,
]);

const KNOWN_PATHS = new Set([
  "/",
  "/#contact",
  "/#pricing",
  "/blog",
  ...ARTICLES.map((article) => postPath(article.slug)),
  ...PLANS.map((plan) => `/${plan.slug}`),
  ...LOCATIONS.map((location) => `/locations/${location.slug}`),
]);

describe("the blog's articles", () => {
  it("are the six with their stated category and date", () => {
    expect(
      Object.fromEntries(
        ARTICLES.map((article) => [
          article.slug,
          { category: article.category, date: article.datePublished },
        ]),
      ),
    ).toEqual(STATED_POSTS);
  });

  it("use only the three categories", () => {
    for (const article of ARTICLES) expect(BLOG_CATEGORIES).toContain(article.category);
  });

  it("are listed newest first", () => {
    const dates = getPostSummaries().map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(getPostSummaries()[0]?.slug).toBe("window-cleaning-near-me-tampa-bay");
  });

  it("each have their own title, description, excerpt and intro", () => {
    for (const field of ["title", "description", "excerpt", "intro"] as const) {
      expect(new Set(ARTICLES.map((article) => article[field])).size).toBe(ARTICLES.length);
    }
  });

  it("keep meta descriptions within what search results show", () => {
    for (const article of ARTICLES) expect(article.description.length).toBeLessThanOrEqual(160);
  });

  it("link only to pages that exist", () => {
    for (const article of ARTICLES) {
      for (const text of articleTexts(article)) {
        for (const segment of parseInline(text)) {
          if (segment.href)
            expect(KNOWN_PATHS, `${article.slug}: ${segment.href}`).toContain(segment.href);
        }
      }
    }
  });

  it("cite only the market prices articles may cite", () => {
    const cited = new Set<string>();
    for (const article of ARTICLES) {
      const text = articleTexts(article).join(" ");
      for (const [price] of text.matchAll(/\$[\d,]+(?:–[\d,]+)?\+?/g)) {
        expect(ALLOWED_PRICES, `${article.slug}: ${price}`).toContain(price);
        cited.add(price);
      }
    }
    // Proves the pattern finds prices at all: every allowed figure is cited somewhere.
    expect(cited).toEqual(ALLOWED_PRICES);
  });

  it("never show a broken interpolation", () => {
    for (const article of ARTICLES) {
      const text = [article.title, article.description, article.excerpt, ...articleTexts(article)];
      for (const part of text) expect(part).not.toMatch(/undefined|NaN|\$\{|\[object/);
    }
  });

  it("offer free hard water removal only as a plan benefit", () => {
    for (const article of ARTICLES) {
      const text = articleTexts(article).join(" ");
      expect(text).not.toMatch(/with every (service|clean|visit)/i);
    }
  });

  it("can be found by slug, and unknown slugs are not", () => {
    expect(getArticle("remove-hard-water-stains-windows")?.title).toMatch(/Hard Water/);
    expect(getArticle("no-such-article")).toBeUndefined();
  });

  it("suggest other articles, never the same one", () => {
    for (const article of ARTICLES) {
      const related = relatedArticles(article);
      expect(related).toHaveLength(2);
      expect(related.map((other) => other.slug)).not.toContain(article.slug);
    }
  });
});
