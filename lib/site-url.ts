const DEFAULT_SITE_URL = "http://localhost:3000";

/** The one base URL for canonical links, sitemap, robots and JSON-LD. */
export function siteUrl(path = "/"): string {
  const base = (process.env.NEXT_PUBLIC_SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, "");
  return path === "/" ? `${base}/` : `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
