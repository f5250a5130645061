/**
 * Serves each prerendered page the Content-Security-Policy that allows exactly its own inline
 * scripts (by SHA-256 hash), read from the manifest the build writes (scripts/build/csp.ts).
 * The pages stay static: Proxy only sets response headers, it renders nothing and reads no
 * request data a page depends on; the one page rendered per request, the ZIP field's answer
 * (`/service-area?zip=`), gets a nonce instead. docs/security.md.
 *
 * A landing from a campaign or another site also gets the campaign cookie (docs/leads.md,
 * "Attribution"), and that one answer is kept by no cache.
 *
 * Development keeps the relaxed policy of next.config.ts (React Refresh needs eval and inline
 * scripts that change on every edit).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { NextResponse, type NextRequest } from "next/server";
import { CSP_MANIFEST, cspManifestSchema, type CspManifest } from "@/lib/security/csp-manifest";
import { MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT } from "@/lib/pages-without-javascript";
import { processSingleton } from "@/lib/process-state";
import { builtFolder } from "@/scripts/build/build-folder";
import { contentSecurityPolicy, scriptHash } from "@/lib/security/content-security-policy";
import { SERVICE_AREA_PATH, ZIP_ANSWER_PATH } from "@/lib/service-area/zip-code";
import {
  CAMPAIGN_COOKIE,
  CAMPAIGN_DAYS,
  campaignCookieValue,
  landingCampaign,
} from "@/lib/attribution/campaign-cookie";
import { SAVED_QUOTE_PATH } from "@/lib/quote/saved-quote";
import { siteUrl } from "@/lib/site-url";

/**
 * Read once per process. No manifest, or one that is not the build step's, means the build
 * skipped its post-build step: fail loudly rather than serve pages whose scripts the browser
 * would block.
 */
function loadManifest(): CspManifest {
  return processSingleton("csp-manifest", () => {
    const file = path.join(process.cwd(), builtFolder(), CSP_MANIFEST);
    const parsed = cspManifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success)
      throw new Error(`${file} is not a CSP manifest: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  });
}

/**
 * `/service-area?zip=…` (next.config.ts rewrites it to the answer page, after this runs): the one
 * page rendered per request. Its scripts are Next's own, allowed by a nonce of this response, which
 * Next reads from the request's policy and puts on each of them.
 */
const MENUS_SCRIPT_HASH = scriptHash(MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT);

function zipAnswer(request: NextRequest): NextResponse {
  // Beside Next's scripts, the header's own inline line, by its hash as on every page.
  const policy = contentSecurityPolicy([
    `'nonce-${randomBytes(16).toString("base64")}'`,
    MENUS_SCRIPT_HASH,
  ]);
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

/**
 * Sets the campaign cookie on a landing that carries a campaign (lib/attribution/campaign-cookie.ts):
 * a page's GET that a browser sends as a navigation (Sec-Fetch-Dest, when it says), not a fetch
 * of a page's data, nor the saved-quote page, which the visitor reaches from our own e-mail. The
 * answer then holds the visitor's cookie: no cache keeps it.
 */
function keepCampaign(request: NextRequest, response: NextResponse): NextResponse {
  const { nextUrl, headers } = request;
  const destination = headers.get("sec-fetch-dest") ?? "document";
  if (
    request.method !== "GET" ||
    destination !== "document" ||
    nextUrl.pathname === SAVED_QUOTE_PATH
  ) {
    return response;
  }
  const site = new URL(siteUrl());
  const ownHosts = [site.host, headers.get("host"), headers.get("x-forwarded-host")];
  const campaign = landingCampaign(
    nextUrl,
    headers.get("referer"),
    ownHosts.filter((host): host is string => Boolean(host)),
  );
  if (!campaign) return response;
  response.cookies.set({
    name: CAMPAIGN_COOKIE,
    value: campaignCookieValue(campaign),
    maxAge: CAMPAIGN_DAYS * 24 * 60 * 60,
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    // TLS may end before this server: whether the cookie is Secure follows the site's address.
    secure: site.protocol === "https:",
  });
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export function proxy(request: NextRequest) {
  return keepCampaign(request, pageResponse(request));
}

function pageResponse(request: NextRequest): NextResponse {
  const response = NextResponse.next();
  if (process.env.NODE_ENV === "development") return response;
  const { pathname: path, searchParams } = request.nextUrl;
  // An empty field's `?zip=` matches no rewrite (next.config.ts): the list alone answers it.
  if ((path === SERVICE_AREA_PATH && searchParams.get("zip")) || path === ZIP_ANSWER_PATH) {
    return zipAnswer(request);
  }
  const { pages, notFound } = loadManifest();
  const pathname = request.nextUrl.pathname.replace(/(.)\/+$/, "$1");
  // A path with no prerendered page is answered by the 404 page.
  response.headers.set("Content-Security-Policy", pages[pathname] ?? notFound);
  return response;
}

export const config = {
  // Pages only: API routes, build assets and files (robots.txt, icon.svg…) keep the script-free
  // policy of next.config.ts.
  matcher: ["/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
