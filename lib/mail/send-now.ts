import "server-only";
import { after } from "next/server";
import type { MailSettings } from "@/lib/env";
import type { Lead } from "@/lib/leads/lead-table";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-state";
import { RateLimiter } from "@/lib/rate-limit";
import { composeMail } from "./compose";
import type { MailKind } from "./mail-outbox";
import { MAX_CONFIRMATIONS_PER_DAY } from "./timing";
import { sendMail, type MailOutcome } from "./transport";

/**
 * LEADS_STORE=supabase keeps no outbox yet (docs/leads.md, "Where a lead goes": a known gap): a
 * lead's two e-mails are sent once, right after the shared store kept it, best effort, and a
 * failure is only logged. The per-address cap is kept in this process's memory. A lead a bot trap
 * flagged is kept flagged there and never posted to the CRM; the owner alone is told, marked as
 * suspected spam.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function confirmationCap(): RateLimiter {
  return processSingleton(
    "confirmationCap",
    () => new RateLimiter({ capacity: MAX_CONFIRMATIONS_PER_DAY, windowMs: DAY_MS }),
  );
}

/** The flagged leads the owner was told of in the last 24 hours, by id. */
function flaggedLeadsTold(): RateLimiter {
  return processSingleton(
    "flaggedLeadsTold",
    () => new RateLimiter({ capacity: 1, windowMs: DAY_MS }),
  );
}

type Send = (
  smtpUrl: string,
  mail: Awaited<ReturnType<typeof composeMail>>,
) => Promise<MailOutcome>;

/**
 * Sends the owner's e-mail and (a real lead, within the cap) the visitor's, with the link to the
 * lead's saved quote, once each; never throws.
 */
export async function sendLeadMailNow(
  lead: Lead,
  settings: MailSettings,
  { quoteUrl = null, send = sendMail }: { quoteUrl?: string | null; send?: Send } = {},
): Promise<void> {
  const kinds: MailKind[] = ["owner"];
  if (lead.spamReason !== null) {
    // Flagged: the owner decides, and nothing here could send the visitor's later. The same
    // request again (a bot repeating itself) names the same lead: he hears of it once.
    if (!flaggedLeadsTold().take(lead.id).ok) return;
  } else if (confirmationCap().take(lead.email.trim().toLowerCase()).ok) kinds.push("visitor");
  else log("warn", "mail.capped", { leadId: lead.id, mail: "visitor" });
  await Promise.all(
    kinds.map(async (kind) => {
      try {
        const outcome = await send(
          settings.smtpUrl,
          await composeMail({ lead, kind, seq: 0, quoteUrl }, settings, { kept: false }),
        );
        if (outcome.ok) log("info", "mail.sent", { leadId: lead.id, mail: kind, attempt: 1 });
        else
          log("error", "mail.send_failed", { leadId: lead.id, mail: kind, reason: outcome.error });
      } catch (error) {
        log("error", "mail.send_failed", { leadId: lead.id, mail: kind, reason: String(error) });
      }
    }),
  );
}

/**
 * Runs the sends after the answer has gone, kept alive by the host where it can (Next's `after`);
 * outside a request (a unit test calling the store) they simply run in the background.
 */
export function afterAnswer(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
