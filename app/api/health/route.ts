import { healthReport } from "@/lib/health";

// Liveness (docs/leads.md, "Health"): 200 while the process answers, with what the owner watches
// (free space, failed writes, the last backup's age). No store call, so it stays cheap.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return Response.json(await healthReport(), { headers: { "Cache-Control": "no-store" } });
}
