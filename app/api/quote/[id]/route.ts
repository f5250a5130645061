import { handleQuotePatch } from "@/lib/leads/quote-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function PATCH(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return handleQuotePatch(request, id);
}
