/**
 * Serves each prerendered page the Content-Security-Policy that allows exactly its own inline
 * scripts (by SHA-256 hash), read from the manifest the build writes (scripts/build/csp.ts).
 * The pages stay static: Proxy only sets a response header, it renders nothing and reads no
 * request data a page depends on. docs/security.md.
 *
 * Development keeps the relaxed policy of next.config.mjs (React Refresh needs eval and inline
 * scripts that change on every edit).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { NextResponse, type NextRequest } from "next/server";
import { CSP_MANIFEST, cspManifestSchema, type CspManifest } from "@/lib/security/csp-manifest";
import { processSingleton } from "@/lib/process-state";

/**
 * Read once per process. No manifest, or one that is not the build step's, means the build
 * skipped its post-build step: fail loudly rather than serve pages whose scripts the browser
 * would block.
 */
function loadManifest(): CspManifest {
  return processSingleton("csp-manifest", () => {
    const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", CSP_MANIFEST);
    const parsed = cspManifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success)
      throw new Error(`${file} is not a CSP manifest: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  });
}

export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  if (process.env.NODE_ENV === "development") return response;
  const { pages, notFound } = loadManifest();
  const pathname = request.nextUrl.pathname.replace(/(.)\/+$/, "$1");
  // A path with no prerendered page is answered by the 404 page.
  response.headers.set("Content-Security-Policy", pages[pathname] ?? notFound);
  return response;
}

export const config = {
  // Pages only: API routes, build assets and files (robots.txt, icon.svg…) keep the script-free
  // policy of next.config.mjs.
  matcher: ["/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
