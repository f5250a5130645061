import { describe, expect, it } from "vitest";
import { ARTICLES } from "@/content/blog";
import type { Article } from "@/content/blog/types";
import { articleWordCount, countWords, readingMinutes } from "./reading-time";

// docs/decisions.md, "Blog", copied by hand: the reading time each article must show.
const STATED_MINUTES: Record<string, number> = {
  "window-cleaning-near-me-tampa-bay": 5,
  "how-often-clean-windows-tampa-bay": 4,
  "remove-hard-water-stains-windows": 6,
  "professional-vs-diy-window-cleaning": 5,
  "best-window-cleaning-techniques-florida": 6,
  "window-cleaning-st-pete-clearwater-tampa": 5,
};

describe("readingMinutes", () => {
  it("rounds words / 200 to the nearest minute", () => {
    expect(readingMinutes(749)).toBe(4);
    expect(readingMinutes(699)).toBe(3);
    expect(readingMinutes(700)).toBe(4);
    expect(readingMinutes(899)).toBe(4);
    expect(readingMinutes(900)).toBe(5);
    expect(readingMinutes(1299)).toBe(6);
  });

  it("is at least one minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(40)).toBe(1);
  });
});

describe("countWords", () => {
  it("counts words, not punctuation, and reads links as their words", () => {
    expect(countWords("Single-story homes: about $150–300.")).toBe(4);
    expect(countWords("  A – [quick guide](/blog/x) here ")).toBe(4);
  });

  it("counts every part of an article a reader reads below the title", () => {
    const article: Article = {
      slug: "s",
      title: "Not counted",
      description: "Not counted",
      excerpt: "Not counted",
      category: "Tips & Guides",
      datePublished: "2025-01-01",
      intro: "one two",
      sections: [{ heading: "three", body: ["four five", { list: ["six", "seven eight"] }] }],
    };
    expect(articleWordCount(article)).toBe(8);
  });
});

describe("the six articles", () => {
  it("are exactly the articles whose reading time is stated", () => {
    expect(ARTICLES.map((article) => article.slug).sort()).toEqual(
      Object.keys(STATED_MINUTES).sort(),
    );
  });

  for (const article of ARTICLES) {
    const words = articleWordCount(article);
    it(`${article.slug}: ${words} words, 800 to 1,300`, () => {
      expect(words).toBeGreaterThanOrEqual(800);
      expect(words).toBeLessThanOrEqual(1300);
    });
    it(`${article.slug}: reads in the stated ${STATED_MINUTES[article.slug]} minutes`, () => {
      expect(readingMinutes(words)).toBe(STATED_MINUTES[article.slug]);
    });
  }
});
