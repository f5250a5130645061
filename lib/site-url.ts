/**
 * The one base URL of every absolute link (README, "Deployment"). next.config.ts resolves it once
 * per build and inlines the result as NEXT_PUBLIC_SITE_URL.
 */

export const DEFAULT_SITE_URL = "http://localhost:3000";

/** What the base URL fills in, in the words the warning uses. */
export const SITE_URL_USES =
  "canonical links, the sitemap, robots.txt, the JSON-LD, the Open Graph tags and the saved-quote links in e-mails";

type Env = Record<string, string | undefined>;
/** `source`: the variable the URL came from; null for the default. */
export type SiteUrlResolution = { url: string; source: string | null };

/** The URL without a trailing slash, and the variable it came from; throws unless it is http(s). */
function fromVariable(source: string, value: string): SiteUrlResolution {
  const protocol = URL.parse(value)?.protocol;
  if (protocol !== "http:" && protocol !== "https:") {
    throw new Error(
      `${source} must be an http(s) URL, e.g. https://suncoastshine.com (not "${value}")`,
    );
  }
  return { url: value.replace(/\/+$/, ""), source };
}

export function resolveSiteUrl(env: Env): SiteUrlResolution {
  if (env.NEXT_PUBLIC_SITE_URL)
    return fromVariable("NEXT_PUBLIC_SITE_URL", env.NEXT_PUBLIC_SITE_URL);
  // Vercel: the project's production domain, without a scheme ("suncoastshine.com").
  const vercel = env.VERCEL_PROJECT_PRODUCTION_URL?.replace(/^https?:\/\//, "");
  if (vercel) return fromVariable("VERCEL_PROJECT_PRODUCTION_URL", `https://${vercel}`);
  // Netlify: the site's main address, with its scheme; `URL` alone is too common a name to trust.
  if (env.NETLIFY === "true" && env.URL) return fromVariable("URL", env.URL);
  return { url: DEFAULT_SITE_URL, source: null };
}

/**
 * What a production build says about its base URL: a loud warning when it fell back to localhost,
 * a line naming the platform's variable when it took that.
 */
export function siteUrlNotice(
  resolved: SiteUrlResolution,
): { level: "warn" | "info"; text: string } | null {
  if (resolved.source === null) {
    return {
      level: "warn",
      text: [
        "",
        "⚠ NEXT_PUBLIC_SITE_URL is not set, and the host platform gave no production URL.",
        `  This build writes ${resolved.url} into`,
        `  ${SITE_URL_USES}.`,
        "  Set NEXT_PUBLIC_SITE_URL to the site's public address (https://…) and build again",
        '  (README, "Deployment"). Fine for a build served on this machine only.',
        "",
      ].join("\n"),
    };
  }
  if (resolved.source !== "NEXT_PUBLIC_SITE_URL") {
    return {
      level: "info",
      text: `Site URL: ${resolved.url} (from ${resolved.source}; NEXT_PUBLIC_SITE_URL overrides it)`,
    };
  }
  return null;
}

/** A path on the site: in the Next build the inlined NEXT_PUBLIC_SITE_URL, elsewhere resolved here. */
export function siteUrl(path = "/"): string {
  const base = (process.env.NEXT_PUBLIC_SITE_URL || resolveSiteUrl(process.env).url).replace(
    /\/+$/,
    "",
  );
  return path === "/" ? `${base}/` : `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
