import { handleDrain } from "@/lib/leads/drain";

// The database's scheduler (pg_net: POST) or a host's cron runs one drain of the owed e-mails and
// CRM posts (docs/leads.md, "Serverless hosts"). GET too: Vercel Cron (vercel.json) calls with GET.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleDrain(request);
}

export function GET(request: Request): Promise<Response> {
  return handleDrain(request);
}
