// The crm-lead Edge Function: stores the site's quote requests in public.quote_requests,
// priced from its copy of the site's price table, and passes each one on to the CRM webhook through
// its outbox (public.lead_outbox), after the answer.
// Contract and deployment: supabase/README.md.
import { z } from "zod";
import { crmOutbox, crmPoster, mailOutbox } from "../_shared/leads/outbox.ts";
import { createHandler } from "./handler.ts";
import { DEFAULT_MAIL_TIMING } from "../_shared/leads/mail-queue.ts";
import { logLine as log, refused } from "./http.ts";
import { connectPool } from "../_shared/leads/pool.ts";
import { postgresQuoteStore } from "../_shared/leads/quote-store.ts";
import { purgeExpired } from "../_shared/leads/retention.ts";
import { secretKeysSchema } from "./secret-key.ts";
import { UNSIGNED_CRM, webhookSecretSchema } from "../_shared/leads/webhook-signature.ts";

const envSchema = z
  .object({
    // Supabase sets SUPABASE_DB_URL for every function; it connects as the table's owner.
    SUPABASE_DB_URL: z.string({ error: "SUPABASE_DB_URL is not set" }),
    CRM_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: "CRM_WEBHOOK_URL must be an http(s) URL" })
      .optional(),
    CRM_WEBHOOK_SECRET: webhookSecretSchema.optional(),
    MAIL_WINDOW_MS: z.coerce.number().int().min(1000).default(DEFAULT_MAIL_TIMING.windowMs),
    MAIL_SETTLE_MS: z.coerce.number().int().min(0).default(DEFAULT_MAIL_TIMING.settleMs),
  })
  .refine((env) => !env.CRM_WEBHOOK_SECRET || env.CRM_WEBHOOK_URL, {
    error: "CRM_WEBHOOK_SECRET is set without CRM_WEBHOOK_URL",
  });

// An empty variable is an unset one.
const vars = Object.fromEntries(Object.entries(Deno.env.toObject()).filter(([, value]) => value));
const env = envSchema.safeParse(vars);
const secretKeys = secretKeysSchema.safeParse(vars);

/** The edge runtime's waitUntil keeps the worker alive for a run (plain Deno needs none). */
const edge = (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime;
function keepAlive<T>(running: Promise<T>): Promise<T> {
  edge?.waitUntil(running);
  return running;
}

if (env.success && secretKeys.success) {
  const sql = connectPool(env.data.SUPABASE_DB_URL);
  const { CRM_WEBHOOK_URL, CRM_WEBHOOK_SECRET } = env.data;
  const timing = { windowMs: env.data.MAIL_WINDOW_MS, settleMs: env.data.MAIL_SETTLE_MS };
  const crm = CRM_WEBHOOK_URL
    ? crmOutbox({ sql, webhookUrl: CRM_WEBHOOK_URL, webhookSecret: CRM_WEBHOOK_SECRET, log })
    : undefined;
  if (crm && !CRM_WEBHOOK_SECRET) {
    log({ level: "warn", event: "webhook.unsigned", reason: UNSIGNED_CRM });
  }
  Deno.serve(
    createHandler({
      quotes: postgresQuoteStore(sql, {
        webhookConfigured: Boolean(CRM_WEBHOOK_URL),
        mail: timing,
      }),
      secretKeys: secretKeys.data,
      crm,
      crmSigned: Boolean(CRM_WEBHOOK_SECRET),
      postCrm: crm && crmPoster(crm, log, keepAlive).kick,
      // Every change queues its e-mails in its transaction (quote-store.ts): the site's senders claim them.
      mail: mailOutbox(sql, timing),
      purge: () => purgeExpired(sql),
      ping: () => sql`select 1`,
    }),
  );
} else {
  const issues = [...(env.error?.issues ?? []), ...(secretKeys.error?.issues ?? [])];
  const reason = issues.map((issue) => issue.message).join("; ");
  console.error(JSON.stringify({ level: "error", event: "function.misconfigured", reason }));
  Deno.serve(() => refused(500, "The lead function is misconfigured"));
}
