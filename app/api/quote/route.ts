import { handleQuotePost } from "@/lib/leads/quote-api";

// Not prerendered: they write to the lead store. With /api/service-area, the only such routes.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleQuotePost(request);
}
