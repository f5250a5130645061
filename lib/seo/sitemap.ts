import type { MetadataRoute } from "next";
import { LOCATIONS, locationPath } from "@/content/locations";
import { PRIVACY_LINK } from "@/content/navigation";
import { PLANS } from "@/content/plans";
import { parseIsoDate } from "@/lib/blog/format-date";
import { getArticles, postPath } from "@/lib/blog/posts";
import { planPagePath } from "@/lib/plans/plan-page";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";
import { siteUrl } from "@/lib/site-url";

type Entry = MetadataRoute.Sitemap[number];

/**
 * Every indexable page, built from the same content the pages are. Articles carry their own
 * modification date; the other pages are regenerated on every build, so theirs is the build.
 */
export function sitemapEntries(builtAt: Date = new Date()): MetadataRoute.Sitemap {
  const page = (path: string, priority: number, lastModified: Date = builtAt): Entry => ({
    url: siteUrl(path),
    lastModified,
    priority,
  });
  const articles = getArticles();
  return [
    page("/", 1),
    ...PLANS.map((plan) => page(planPagePath(plan), 0.8)),
    ...LOCATIONS.map((location) => page(locationPath(location), 0.7)),
    page(SERVICE_AREA_PATH, 0.6),
    page(PRIVACY_LINK.href, 0.2),
    page("/blog", 0.6),
    ...articles.map((article) =>
      page(
        postPath(article.slug),
        0.5,
        parseIsoDate(article.dateModified ?? article.datePublished),
      ),
    ),
  ];
}
