import { handleQuotePost } from "@/lib/leads/quote-api";

// The only routes that are not prerendered: they write to the lead inbox (node:sqlite).
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleQuotePost(request);
}
