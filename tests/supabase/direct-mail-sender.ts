/**
 * The mail sender over PostgreSQL itself (lib/mail/mail-sender.ts, `directMailPort`), as a server
 * of the embedded store runs it: one lead (`CREATE`, a create request of the shared store) is
 * stored, then the sender is started as a server starts it and left to itself; once it has sent
 * `EXPECT_SENT` e-mails and its last claim said nothing more is owed, it prints what it did.
 * Run with `--import ./scripts/allow-server-only.mjs`, with DATABASE_URL and the SMTP settings.
 */
import postgres from "postgres";
import { parseEnv } from "@/lib/env";
import { directMailPort, mailSender, type MailPort } from "@/lib/mail/mail-sender";
import { postgresQuoteStore } from "@shared/leads/quote-store";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";

const { mail } = parseEnv(process.env);
if (!mail || !process.env.DATABASE_URL || !process.env.CREATE) {
  throw new Error("Set DATABASE_URL, CREATE and the SMTP settings");
}
const expected = Number(process.env.EXPECT_SENT ?? 2);
const sql = postgres(process.env.DATABASE_URL, { max: 4, onnotice: () => undefined });
const timing = { windowMs: mail.windowMs, settleMs: mail.settleMs };
const made = await postgresQuoteStore(sql, { webhookConfigured: false, mail: timing }).create(
  JSON.parse(process.env.CREATE),
  Date.now() + STORE_DEADLINE_MS,
);
if (made.result.status !== "created") throw new Error(`not created: ${made.result.status}`);

const port = directMailPort(sql, timing);
const seen = { claims: 0, sent: 0, owedAfterLastClaim: true as boolean, dueTimes: [] as string[] };
const counting: MailPort = {
  async claim(limit) {
    seen.claims += 1;
    const claimed = await port.claim(limit);
    seen.owedAfterLastClaim = claimed.jobs.length > 0 || claimed.nextDueAt !== null;
    if (claimed.jobs.length === 0 && claimed.nextDueAt) {
      seen.dueTimes.push(claimed.nextDueAt.toISOString());
    }
    return claimed;
  },
  async report(report) {
    const recorded = await port.report(report);
    if (recorded === "sent") seen.sent += 1;
    return recorded;
  },
};
const sender = mailSender(counting, mail);
// The sender's timers do not keep a process alive (a server's listener does): this one does.
await new Promise<void>((resolve) => {
  const check = setInterval(() => {
    if (seen.sent >= expected && !seen.owedAfterLastClaim) {
      clearInterval(check);
      resolve();
    }
  }, 20);
});
const waiting = sender.waiting;
await sender.stop();
await sql.end();
console.log(JSON.stringify({ leadId: made.result.lead.id, ...seen, waiting }));
