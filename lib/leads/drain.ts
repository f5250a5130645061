import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { bearerToken, jsonError } from "./http";
import { senders } from "./runtime";

/**
 * `/api/deliveries/drain` (docs/leads.md, "Serverless hosts"): what no server is awake for (a host
 * with no long-running process, a stopped server, an owner's release) is sent when the database's
 * scheduler (pg_cron through pg_net, only while a row is due) or a host's cron calls this with
 * `Authorization: Bearer <CRON_SECRET>`: one drain of what PostgreSQL owes, the e-mails the shared
 * store queued and the lead function's CRM posts. Off (404) without CRON_SECRET; 401 without the
 * right secret. On Supabase the function's drain also purges what the store keeps no longer
 * (docs/leads.md, "Retention").
 */

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether `given` is the secret, compared in constant time. */
function isSecret(given: string | null, secret: string): boolean {
  return timingSafeEqual(digest(given ?? ""), digest(secret)) && given !== null;
}

export async function handleDrain(request: Request): Promise<Response> {
  const env = serverEnv();
  if (!env.cronSecret) {
    return jsonError(404, "The delivery drain is off: CRON_SECRET is not set");
  }
  if (!isSecret(bearerToken(request), env.cronSecret)) {
    return Response.json(
      { success: false, error: "Send the drain secret as Authorization: Bearer <CRON_SECRET>" },
      { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="deliveries"' } },
    );
  }
  const drained = await senders().drainNow();
  log("info", "deliveries.drained", drained);
  return Response.json({ success: true, ...drained });
}
