import "server-only";
import { serverEnv } from "@/lib/env";
import { checkLeadFunction } from "@/lib/health";
import { launchProblems, launchRefusal, productionDeploy } from "@/lib/launch-gate";
import { leadStore, purgeNowAndThen, senders } from "@/lib/leads/runtime";
import { log } from "@/lib/log";
import { installPeerAddressHeader } from "@/lib/peer-address";
import { siteUrl } from "@/lib/site-url";

/**
 * Server start (instrumentation.ts): a bad setting, no lead store or, on a production deploy, a
 * placeholder the launch gate refuses stops it now, not at the first quote; then the senders start
 * on whatever the outbox still owes from before.
 */
export function startServer(): void {
  try {
    const env = serverEnv();
    const deploy = productionDeploy(process.env);
    if (deploy) {
      const built = {
        url: siteUrl().replace(/\/$/, ""),
        source: "the build's NEXT_PUBLIC_SITE_URL",
      };
      const problems = launchProblems({
        siteUrl: built,
        notificationChannel:
          env.mail !== null || env.supabase !== null || env.crmWebhookUrl !== null,
      });
      const refusal = launchRefusal(deploy, problems);
      if (refusal) throw new Error(refusal);
    }
    installPeerAddressHeader();
    leadStore();
    senders();
    purgeNowAndThen();
    log("info", "server.started", {
      leadsStore: env.supabase ? "supabase" : "postgres",
      crm: env.crmWebhookUrl !== null,
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
 * After startServer: the lead function, asked once. A wrong setting stops the server; an
 * unreachable function is logged, and readiness says 503 until it answers (lib/health.ts).
 */
export async function checkLeadFunctionAtStart(): Promise<void> {
  const supabase = serverEnv().supabase;
  if (!supabase) return;
  const { problem, misconfigured } = await checkLeadFunction(supabase);
  if (!problem) return;
  if (misconfigured) {
    console.error(`The lead function cannot be used with these settings. ${problem}`);
    process.exit(1);
  }
  log("warn", "function.unreachable", { reason: problem });
}
