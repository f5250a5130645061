/**
 * An old embedded inbox (SQLite, LEADS_DB_PATH) made with the site's own inbox code, for the test
 * of `npm run leads -- import-sqlite`: a lead with attribution and an Idempotency-Key, one changed
 * twice after it was forwarded, and one a bot trap flagged, each queued for the lead function and
 * by e-mail. Prints each lead's id, token, created time and delivery version (its newest outbox
 * row's id). Run with `--import ./scripts/allow-server-only.mjs`.
 */
import { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { parseEnv } from "@/lib/env";
import { openLeadInbox } from "@/lib/leads/inbox";
import { storeLead } from "@/tests/support/leads";

const file = parseEnv(process.env).leadsDbPath;
const mail = { windowMs: 120_000, settleMs: 15_000 };
const inbox = openLeadInbox(file);
let made;
try {
  const first = storeLead(
    inbox,
    { name: "Imported Campaign", attribution: { utm_source: "google", gclid: "imp123" } },
    {
      forwarding: true,
      mail,
      idempotency: { key: randomUUID(), requestHash: "a".repeat(64) },
    },
  );
  const changed = storeLead(inbox, { name: "Imported Changed" }, { forwarding: true, mail });
  for (const frequency of ["monthly", "quarterly"] as const) {
    inbox.update(changed.lead.id, changed.token, { frequency }, { forwarding: true, mail });
  }
  const flagged = storeLead(
    inbox,
    { name: "Imported Bot" },
    { forwarding: true, mail, spamReason: "the hidden honeypot field was filled in" },
  );
  made = [first, changed, flagged];
} finally {
  inbox.close();
}
const db = new DatabaseSync(file, { readOnly: true });
const version = (id: string) =>
  Number(db.prepare("SELECT MAX(id) AS v FROM outbox WHERE lead_id = ?").get(id)?.v ?? 1);
console.log(
  JSON.stringify({
    mailRows: Number(db.prepare("SELECT COUNT(*) AS n FROM mail_outbox").get()?.n),
    leads: made.map(({ lead, token }) => ({
      id: lead.id,
      token,
      createdAt: lead.createdAt,
      version: version(lead.id),
    })),
  }),
);
db.close();
