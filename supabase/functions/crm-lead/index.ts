// The crm-lead Edge Function: stores the site's signed quote requests in public.quote_requests,
// priced from its copy of the site's price table, and passes each one on to the CRM webhook.
// Contract and deployment: supabase/README.md.
import postgres from "postgres";
import { z } from "zod";
import { createHandler } from "./handler.ts";
import { answer } from "./http.ts";
import { secretStrengthError } from "./shared/lib/leads/request-signature.ts";
import { postgresQuoteStore } from "./quote-store.ts";
import { postgresLeadStore } from "./store.ts";

const signingSecret = (name: string) =>
  z.string().superRefine((value, ctx) => {
    const problem = secretStrengthError(value);
    if (problem) ctx.addIssue({ code: "custom", message: `${name} ${problem}` });
  });

const envSchema = z.object({
  // Supabase sets SUPABASE_DB_URL for every function; it connects as the table's owner.
  SUPABASE_DB_URL: z.string().min(1, "SUPABASE_DB_URL is not set"),
  CRM_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: "CRM_WEBHOOK_URL must be an http(s) URL" })
    .optional(),
  // The site signs every request with it (supabase/README.md, "Signed requests").
  LEAD_SIGNING_SECRET: signingSecret("LEAD_SIGNING_SECRET"),
  // While rotating: the secret the site signed with until now, still accepted.
  LEAD_SIGNING_SECRET_PREVIOUS: signingSecret("LEAD_SIGNING_SECRET_PREVIOUS").optional(),
});

const env = envSchema.safeParse({
  SUPABASE_DB_URL: Deno.env.get("SUPABASE_DB_URL"),
  CRM_WEBHOOK_URL: Deno.env.get("CRM_WEBHOOK_URL") || undefined,
  LEAD_SIGNING_SECRET: Deno.env.get("LEAD_SIGNING_SECRET") ?? "",
  LEAD_SIGNING_SECRET_PREVIOUS: Deno.env.get("LEAD_SIGNING_SECRET_PREVIOUS") || undefined,
});

if (env.success) {
  // prepare: false keeps it working behind Supavisor's transaction-mode pooler.
  const sql = postgres(env.data.SUPABASE_DB_URL, {
    prepare: false,
    max: 3,
    connect_timeout: 5,
    idle_timeout: 30,
  });
  const { LEAD_SIGNING_SECRET, LEAD_SIGNING_SECRET_PREVIOUS, CRM_WEBHOOK_URL } = env.data;
  Deno.serve(
    createHandler({
      store: postgresLeadStore(sql),
      quotes: postgresQuoteStore(sql, Boolean(CRM_WEBHOOK_URL)),
      secrets: [
        LEAD_SIGNING_SECRET,
        ...(LEAD_SIGNING_SECRET_PREVIOUS ? [LEAD_SIGNING_SECRET_PREVIOUS] : []),
      ],
      webhookUrl: CRM_WEBHOOK_URL,
    }),
  );
} else {
  const reason = env.error.issues.map((issue) => issue.message).join("; ");
  console.error(JSON.stringify({ level: "error", event: "function.misconfigured", reason }));
  Deno.serve(() => answer(500, { success: false, error: "The lead function is misconfigured" }));
}
