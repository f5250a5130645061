import "server-only";
import { callFunctionOutbox, type SupabaseConfig } from "@/lib/leads/forward";
import { log } from "@/lib/log";
import { claimedMailSchema, type ClaimedMail, type MailPort } from "./mail-sender";

/**
 * The mail sender's port (lib/mail/mail-sender.ts) through the lead function's outbox calls
 * (`claim-mail`, `report-mail`: supabase/README.md, "The outbox"), for a site on Supabase.
 */
export function functionMailPort(config: SupabaseConfig): MailPort {
  return {
    async claim(limit) {
      const claimed = await callFunctionOutbox(config, { action: "claim-mail", limit });
      if (!claimed.ok) throw new Error(claimed.error);
      if (!("mail" in claimed.answer)) throw new Error("The lead function answered no e-mails");
      const jobs: ClaimedMail[] = [];
      for (const item of claimed.answer.mail) {
        const job = claimedMailSchema.safeParse(item);
        if (job.success) jobs.push(job.data);
        else log("error", "mail_sender.bad_job", { reason: job.error.issues[0]?.message ?? "" });
      }
      const due = claimed.answer.nextDueAt;
      return { jobs, nextDueAt: due === null ? null : new Date(due) };
    },
    async report(report) {
      const reported = await callFunctionOutbox(config, { action: "report-mail", ...report });
      if (!reported.ok) throw new Error(reported.error);
      if (!("recorded" in reported.answer)) throw new Error("The lead function recorded nothing");
      return reported.answer.recorded;
    },
  };
}
