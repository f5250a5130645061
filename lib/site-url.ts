import { resolveSiteUrl } from "./site-url-resolution.mjs";

/**
 * The one base URL for canonical links, sitemap, robots, JSON-LD and saved-quote links. In the
 * Next build, NEXT_PUBLIC_SITE_URL is the URL next.config.mjs resolved, inlined; elsewhere (scripts,
 * tests) the same resolution runs here.
 */
export function siteUrl(path = "/"): string {
  const base = (process.env.NEXT_PUBLIC_SITE_URL || resolveSiteUrl(process.env).url).replace(
    /\/+$/,
    "",
  );
  return path === "/" ? `${base}/` : `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
