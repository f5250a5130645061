import type { MetadataRoute } from "next";
import { CITY_PAGE_CHANGES } from "@/content/city-page-changes";
import { LOCATIONS, locationPath } from "@/content/locations";
import { LOCATIONS_LINK, PRIVACY_LINK } from "@/content/navigation";
import { PLANS } from "@/content/plans";
import { parseIsoDate } from "@/lib/blog/format-date";
import { getArticles, postPath } from "@/lib/blog/posts";
import { planPagePath } from "@/lib/plans/plan-page";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";
import { siteUrl } from "@/lib/site-url";

type Entry = MetadataRoute.Sitemap[number];

const changedOn = (iso: string | undefined) => (iso ? parseIsoDate(iso) : undefined);

/**
 * Every indexable page, built from the same content the pages are. `lastmod` is when the page's
 * content last changed: an article's own date, a city page's from content/city-page-changes.ts;
 * a page with no such date has none (a build time would claim a change that did not happen).
 */
export function sitemapEntries(): MetadataRoute.Sitemap {
  const page = (path: string, priority: number, lastModified?: Date): Entry => ({
    url: siteUrl(path),
    ...(lastModified && { lastModified }),
    priority,
  });
  const articles = getArticles();
  return [
    page("/", 1),
    ...PLANS.map((plan) => page(planPagePath(plan), 0.8)),
    page(LOCATIONS_LINK.href, 0.7),
    ...LOCATIONS.map((location) =>
      page(locationPath(location), 0.7, changedOn(CITY_PAGE_CHANGES[location.slug]?.changed)),
    ),
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
