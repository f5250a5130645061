import "server-only";
import { serverEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-state";
import { openLeadInbox, type LeadInbox } from "./inbox";

/** The server's one inbox, opened (and migrated) on first use at LEADS_DB_PATH. */
export function getLeadInbox(): LeadInbox {
  return processSingleton(
    "leadInbox",
    () => {
      const file = serverEnv().leadsDbPath;
      try {
        return openLeadInbox(file);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Cannot open the lead inbox at ${file} (LEADS_DB_PATH): ${reason}`, {
          cause: error,
        });
      }
    },
    (inbox) => inbox.close(),
  );
}
