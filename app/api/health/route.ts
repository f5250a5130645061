// Liveness (docs/leads.md, "Health"): the process answers. No store call, so it stays cheap.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "alive" }, { headers: { "Cache-Control": "no-store" } });
}
