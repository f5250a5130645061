import { readiness } from "@/lib/health";

// Readiness (docs/leads.md, "Health"): 200 when the store, the lead function and the mail server
// (each when configured) answered within the last minute, else 503 naming what failed.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { ready, checkedAt, checks } = await readiness();
  return Response.json(
    { status: ready ? "ready" : "not ready", checkedAt, checks },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
