import { describe, expect, it } from "vitest";
import { ARTICLES } from "@/content/blog";
import { SITE } from "@/content/site";
import { articleJsonLd, articleMetadata } from "./article";

describe("articleJsonLd", () => {
  for (const article of ARTICLES) {
    it(`describes ${article.slug} as a BlogPosting`, () => {
      const posting = articleJsonLd(article);
      expect(JSON.parse(JSON.stringify(posting))).toEqual(posting);
      expect(posting).toMatchObject({
        "@type": "BlogPosting",
        headline: article.title,
        description: article.description,
        datePublished: article.datePublished,
        dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        author: { name: SITE.brand },
        publisher: { name: SITE.brand },
        image: expect.stringMatching(/^https?:\/\//),
        mainEntityOfPage: {
          "@type": "WebPage",
          "@id": expect.stringMatching(new RegExp(`/blog/${article.slug}$`)),
        },
      });
    });
  }
});

describe("articleMetadata", () => {
  it("gives every article its own title, description and canonical URL", () => {
    const pages = ARTICLES.map(articleMetadata);
    for (const field of ["title", "description"] as const) {
      expect(new Set(pages.map((page) => page[field])).size).toBe(ARTICLES.length);
    }
    expect(new Set(pages.map((page) => page.alternates?.canonical)).size).toBe(ARTICLES.length);
    expect(pages.every((page) => page.openGraph && "publishedTime" in page.openGraph)).toBe(true);
  });
});
