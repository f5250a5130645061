import { handleQuoteGet, handleQuotePatch } from "@/lib/leads/quote-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  return handleQuoteGet(request, id);
}

export async function PATCH(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  return handleQuotePatch(request, id);
}
