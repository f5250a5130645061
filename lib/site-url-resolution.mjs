/**
 * Where the site's public base URL comes from (README, "Deployment"): NEXT_PUBLIC_SITE_URL; else
 * the production URL the host platform gives the build; else http://localhost:3000, which a
 * production build then warns about loudly. next.config.mjs resolves it once per build and inlines
 * the result as NEXT_PUBLIC_SITE_URL; lib/site-url.ts reads it. Plain JavaScript so that
 * next.config.mjs can import it as it is.
 */

export const DEFAULT_SITE_URL = "http://localhost:3000";

/** What the base URL fills in, in the words the warning uses. */
export const SITE_URL_USES =
  "canonical links, the sitemap, robots.txt, the JSON-LD, the Open Graph tags and the saved-quote links in e-mails";

/**
 * Platforms whose builds say the site's production address: each reads its variable into an
 * origin, or null when the platform is not the one building.
 *
 * @type {ReadonlyArray<{ variable: string; origin: (env: Record<string, string | undefined>) => string | null }>}
 */
const PLATFORMS = [
  // Vercel: the project's production domain, without a scheme ("suncoastshine.com").
  {
    variable: "VERCEL_PROJECT_PRODUCTION_URL",
    origin: (env) =>
      env.VERCEL_PROJECT_PRODUCTION_URL
        ? `https://${env.VERCEL_PROJECT_PRODUCTION_URL.replace(/^https?:\/\//, "")}`
        : null,
  },
  // Netlify: the site's main address, with its scheme; `URL` alone is too common a name to trust.
  {
    variable: "URL",
    origin: (env) => (env.NETLIFY === "true" && env.URL ? env.URL : null),
  },
];

/**
 * @param {string} value
 * @param {string} variable
 * @returns {string} the URL without a trailing slash
 */
function httpUrl(value, variable) {
  let url;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new Error(
      `${variable} must be an http(s) URL, e.g. https://suncoastshine.com (not "${value}")`,
    );
  }
  return value.replace(/\/+$/, "");
}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ url: string; source: string | null }} `source`: the variable it came from; null for the default
 */
export function resolveSiteUrl(env) {
  if (env.NEXT_PUBLIC_SITE_URL) {
    return {
      url: httpUrl(env.NEXT_PUBLIC_SITE_URL, "NEXT_PUBLIC_SITE_URL"),
      source: "NEXT_PUBLIC_SITE_URL",
    };
  }
  for (const platform of PLATFORMS) {
    const origin = platform.origin(env);
    if (origin) return { url: httpUrl(origin, platform.variable), source: platform.variable };
  }
  return { url: DEFAULT_SITE_URL, source: null };
}

/**
 * What a production build says about its base URL: a loud warning when it fell back to localhost,
 * a line naming the platform's variable when it took that.
 *
 * @param {{ url: string; source: string | null }} resolved
 * @returns {{ level: "warn" | "info"; text: string } | null}
 */
export function siteUrlNotice(resolved) {
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
