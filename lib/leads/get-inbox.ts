import "server-only";
import { serverEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-state";
import { openLeadInbox, type LeadInbox } from "./inbox";
import { inboxProblemMessage } from "./storage";

/**
 * The server's one inbox, opened (and migrated) on first use at LEADS_DB_PATH, once it has shown
 * that it reads back whole and takes a write (database.ts, checkInboxUsable).
 */
export function getLeadInbox(): LeadInbox {
  return processSingleton(
    "leadInbox",
    () => {
      const file = serverEnv().leadsDbPath;
      try {
        return openLeadInbox(file, { checkUsable: true });
      } catch (error) {
        throw new Error(inboxProblemMessage(file, error), { cause: error });
      }
    },
    (inbox) => inbox.close(),
  );
}
