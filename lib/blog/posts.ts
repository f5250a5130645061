import { ARTICLES } from "@/content/blog";
import type { Article, BlogCategory } from "@/content/blog/types";
import { articleWordCount, readingMinutes } from "./reading-time";

/** A blog card's summary (docs/pages.md, "Blog index"), with the reading time computed from the words. */
export type PostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  date: string;
  readTimeMinutes: number;
};

export function postPath(slug: string): string {
  return `/blog/${slug}`;
}

export function readTimeMinutes(article: Article): number {
  return readingMinutes(articleWordCount(article));
}

/** Every article, newest first. */
export function getArticles(): Article[] {
  return [...ARTICLES].sort((a, b) => b.datePublished.localeCompare(a.datePublished));
}

export function getArticle(slug: string): Article | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}

export function getPostSummaries(): PostSummary[] {
  return getArticles().map((article) => ({
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    date: article.datePublished,
    readTimeMinutes: readTimeMinutes(article),
  }));
}

/** Up to `count` other articles, same category first, then the newest. */
export function relatedArticles(article: Article, count = 2): Article[] {
  const others = getArticles().filter((other) => other.slug !== article.slug);
  const sameCategory = others.filter((other) => other.category === article.category);
  const rest = others.filter((other) => other.category !== article.category);
  return [...sameCategory, ...rest].slice(0, count);
}
