import "server-only";
import { after } from "next/server";
import { serverEnv } from "@/lib/env";
import { firstIssue, quoteRequestSchema, quoteUpdateSchema } from "@/lib/quote/schema";
import { forwardAndRecord } from "./forward";
import { getLeadInbox } from "./get-inbox";
import { HttpError, bearerToken, jsonError, readJsonBody, sourcePage } from "./http";
import type { Lead, LeadInbox } from "./inbox";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** After the answer has gone out: one forwarding attempt, recorded on the lead (retries: the relay's job). */
function forwardLater(inbox: LeadInbox, lead: Lead): void {
  const supabase = serverEnv().supabase;
  if (supabase) after(() => forwardAndRecord(inbox, supabase, lead));
}

function failure(error: unknown, event: string): Response {
  if (error instanceof HttpError) return jsonError(error.status, error.message);
  console.error(
    JSON.stringify({
      level: "error",
      event,
      reason: error instanceof Error ? error.message : String(error),
    }),
  );
  return jsonError(500, "The quote could not be saved");
}

/** POST /api/quote: validates, prices and stores a new lead; 201 only once it is committed. */
export async function createQuote(request: Request): Promise<Response> {
  try {
    const parsed = quoteRequestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return jsonError(400, firstIssue(parsed.error).message);

    const inbox = getLeadInbox();
    const { lead, token } = inbox.create(parsed.data, {
      sourcePage: sourcePage(request),
      forwarding: serverEnv().supabase !== null,
    });
    forwardLater(inbox, lead);
    return Response.json({ success: true, id: lead.id, token }, { status: 201 });
  } catch (error) {
    return failure(error, "lead.create_failed");
  }
}

/** PATCH /api/quote/{id}: steps 5-6 and the current plan, allowed only with the lead's token. */
export async function updateQuote(request: Request, id: string): Promise<Response> {
  try {
    const token = bearerToken(request);
    if (!token) return jsonError(401, "Missing token");
    const parsed = quoteUpdateSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return jsonError(400, firstIssue(parsed.error).message);
    if (!UUID.test(id)) return jsonError(404, "Quote not found");

    const inbox = getLeadInbox();
    const result = inbox.update(id, token, parsed.data, {
      forwarding: serverEnv().supabase !== null,
    });
    if (result.status === "not_found") return jsonError(404, "Quote not found");
    if (result.status === "forbidden") return jsonError(403, "This token does not match the quote");
    forwardLater(inbox, result.lead);
    return Response.json({ success: true });
  } catch (error) {
    return failure(error, "lead.update_failed");
  }
}
