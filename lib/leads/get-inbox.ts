import "server-only";
import { serverEnv } from "@/lib/env";
import { openLeadInbox, type LeadInbox } from "./inbox";

let inbox: LeadInbox | undefined;

/** The server's one inbox, opened (and migrated) on first use at LEADS_DB_PATH. */
export function getLeadInbox(): LeadInbox {
  if (!inbox) {
    const file = serverEnv().leadsDbPath;
    try {
      inbox = openLeadInbox(file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot open the lead inbox at ${file} (LEADS_DB_PATH): ${reason}`, {
        cause: error,
      });
    }
  }
  return inbox;
}
