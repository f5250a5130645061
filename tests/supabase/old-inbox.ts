/**
 * An old embedded inbox (SQLite, from before the leads moved to PostgreSQL) for the test of
 * `npm run leads -- import-sqlite`: tests/supabase/old-inbox/leads.sql is a dump of one the last
 * inbox code made (commit e1b95b2's lib/leads/inbox.ts: a lead with attribution and an
 * Idempotency-Key, one changed twice after it was forwarded, and one a bot trap flagged, each
 * queued for the lead function and by e-mail); made.json is what that code said of each lead (id,
 * token, created time, delivery version: its newest outbox row's id) and how many e-mails it queued.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const HERE = path.join(import.meta.dirname, "old-inbox");

export type OldInbox = {
  mailRows: number;
  leads: { id: string; token: string; createdAt: string; version: number }[];
};

/** Writes the old inbox to `file` (a new SQLite file); what its code said of it. */
export function makeOldInbox(file: string): OldInbox {
  const db = new DatabaseSync(file);
  try {
    db.exec(readFileSync(path.join(HERE, "leads.sql"), "utf8"));
  } finally {
    db.close();
  }
  return JSON.parse(readFileSync(path.join(HERE, "made.json"), "utf8")) as OldInbox;
}
