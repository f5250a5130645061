/** The shape every article module satisfies; checked by TypeScript at build and by lib/blog tests. */
export const BLOG_CATEGORIES = ["Local Guides", "Tips & Guides", "Industry Insights"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/**
 * A paragraph, or a list. Text may hold inline links written `[words](/path)`; nothing else is
 * parsed, so copy stays plain data.
 */
export type ArticleBlock =
  string | { readonly list: readonly string[]; readonly ordered?: boolean };

export type ArticleSection = { readonly heading: string; readonly body: readonly ArticleBlock[] };

export type Article = {
  readonly slug: string;
  readonly title: string;
  /** Meta description: unique across the site, under ~160 characters. */
  readonly description: string;
  /** The blog-index card's teaser. */
  readonly excerpt: string;
  readonly category: BlogCategory;
  /** ISO calendar dates (YYYY-MM-DD), read as UTC. */
  readonly datePublished: string;
  readonly dateModified?: string;
  readonly intro: string;
  readonly sections: readonly ArticleSection[];
};
