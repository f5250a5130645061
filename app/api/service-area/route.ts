import { handleServiceAreaGet } from "@/lib/service-area/api";

// Answers from the ZIP data on the server (never shipped to browsers), per client rate limit.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return handleServiceAreaGet(request);
}
