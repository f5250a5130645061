import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { checkLeadFunction } from "@/lib/health";
import { launchProblems, launchRefusal, productionDeploy } from "@/lib/launch-gate";
import { leadStore, purgeNowAndThen, senders } from "@/lib/leads/runtime";
import { log } from "@/lib/log";
import { installPeerAddressHeader } from "@/lib/peer-address";
import { siteUrl } from "@/lib/site-url";
import { UNSIGNED_CRM } from "@shared/leads/webhook-signature";

/**
 * Server start (instrumentation.ts): a bad setting, a lead function that refuses these settings, no
 * lead store or, on a production deploy, what the launch gate refuses stops it now, not at the
 * first quote; then the senders start on whatever the outbox still owes from before.
 */
export async function startServer(): Promise<void> {
  try {
    const env = serverEnv();
    const crm = await crmAtStart(env);
    const deploy = productionDeploy(process.env);
    if (deploy) {
      if (crm?.configured && !crm.signed) log("warn", "webhook.unsigned", { reason: UNSIGNED_CRM });
      const built = {
        url: siteUrl().replace(/\/$/, ""),
        source: "the build's NEXT_PUBLIC_SITE_URL",
      };
      // Unknown (undefined) only when the lead function did not answer: readiness says so.
      const channel = env.mail !== null || crm?.configured;
      const problems = launchProblems({ siteUrl: built, notificationChannel: channel });
      const refusal = launchRefusal(deploy, problems);
      if (refusal) throw new Error(refusal);
    }
    installPeerAddressHeader();
    leadStore();
    senders();
    purgeNowAndThen();
    log("info", "server.started", {
      leadsStore: env.supabase ? "supabase" : "postgres",
      crm: crm?.configured,
      notifications: env.mail !== null,
      trustProxyHops: env.trustProxyHops,
    });
    if (!env.mail) {
      log("info", "mail.off", {
        reason: "SMTP_URL is not set: no e-mail to the owner or the visitor (see .env.example)",
      });
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * Who posts to the CRM and whether it signs: this server (CRM_WEBHOOK_URL, CRM_WEBHOOK_SECRET), or
 * on Supabase the lead function, asked once. A wrong setting there throws; an unreachable function
 * is logged and left unknown (undefined), and readiness says 503 until it answers (lib/health.ts).
 */
async function crmAtStart(env: ServerEnv) {
  if (!env.supabase) {
    return { configured: env.crmWebhookUrl !== null, signed: env.crmWebhookSecret !== null };
  }
  const { problem, misconfigured, crm } = await checkLeadFunction(env.supabase);
  if (misconfigured)
    throw new Error(`The lead function cannot be used with these settings. ${problem}`);
  if (problem) log("warn", "function.unreachable", { reason: problem });
  return crm;
}
