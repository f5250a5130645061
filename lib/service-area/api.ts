import "server-only";
import { serverEnv } from "@/lib/env";
import { clientAddress } from "@/lib/leads/guards";
import { jsonError } from "@/lib/leads/http";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-state";
import { RateLimiter } from "@/lib/rate-limit";
import { checkZip } from "./lookup";
import { ZIP_MALFORMED, zipNotFound } from "./messages";
import { ZIP_CODE } from "./zip-code";

/**
 * The answers change only with a deploy (the data is a dependency, the rule is code), so browsers
 * and shared caches keep them a week; a refusal for too many requests is never kept.
 */
export const ANSWER_CACHE_CONTROL = "public, max-age=604800";
const NO_STORE = "no-store";

const withCache = (response: Response, cacheControl: string) => {
  response.headers.set("Cache-Control", cacheControl);
  return response;
};

/**
 * GET /api/service-area?zip=NNNNN (docs/pages.md, "Service area check"): whether we come to a ZIP
 * code, its town, and the service city it belongs to. Public and read-only, so any origin may
 * ask; rate-limited per client like the lead routes.
 */
export function handleServiceAreaGet(request: Request): Response {
  try {
    const env = serverEnv();
    const limiter = processSingleton(
      "serviceAreaLimiter",
      () => new RateLimiter({ capacity: env.rateLimits.serviceArea, windowMs: 10 * 60_000 }),
    );
    const decision = limiter.take(clientAddress(request, env.trustProxyHops));
    if (!decision.ok) {
      log("warn", "request.refused", { status: 429, route: "GET /api/service-area" });
      const response = withCache(
        jsonError(429, "Too many requests: please wait a few minutes"),
        NO_STORE,
      );
      response.headers.set("Retry-After", String(decision.retryAfterSeconds));
      return response;
    }
    const zip = new URL(request.url).searchParams.get("zip") ?? "";
    if (!ZIP_CODE.test(zip)) return withCache(jsonError(400, ZIP_MALFORMED), ANSWER_CACHE_CONTROL);
    const answer = checkZip(zip);
    if (!answer) return withCache(jsonError(404, zipNotFound(zip)), ANSWER_CACHE_CONTROL);
    return withCache(Response.json({ success: true, ...answer }), ANSWER_CACHE_CONTROL);
  } catch (error) {
    log("error", "service_area.failed", {
      reason: error instanceof Error ? error.message : String(error),
    });
    return withCache(jsonError(500, "The ZIP code could not be checked"), NO_STORE);
  }
}
