import type { Metadata } from "next";
import type { BlogPosting, WithContext } from "schema-dts";
import type { Article } from "@/content/blog/types";
import { SITE } from "@/content/site";
import { postPath } from "@/lib/blog/posts";
import { businessReference } from "@/lib/seo/local-business";
import { pageMetadata } from "@/lib/seo/metadata";
import { siteUrl } from "@/lib/site-url";

export function articleMetadata(article: Article): Metadata {
  const base = pageMetadata({
    title: article.title,
    description: article.description,
    path: postPath(article.slug),
  });
  return {
    ...base,
    openGraph: {
      ...base.openGraph,
      type: "article",
      publishedTime: article.datePublished,
      modifiedTime: article.dateModified ?? article.datePublished,
      section: article.category,
      authors: [SITE.brand],
    },
  };
}

/** BlogPosting for an article page; the business is author and publisher (no invented bylines). */
export function articleJsonLd(article: Article): WithContext<BlogPosting> {
  const url = siteUrl(postPath(article.slug));
  const business = businessReference();
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    articleSection: article.category,
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    author: business,
    publisher: business,
    image: siteUrl("/opengraph-image"),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    inLanguage: "en-US",
  };
}
