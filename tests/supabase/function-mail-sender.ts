/**
 * One Node server's mail sender for the e-mails queued in PostgreSQL, run on its own as a server
 * would run it (lib/mail/mail-sender.ts), with the settings in this process's environment:
 * it sends what is due until nothing has been due for `IDLE_MS`, then prints how many it handled.
 * Run with `--import ./scripts/allow-server-only.mjs`.
 */
import { parseEnv } from "@/lib/env";
import { functionMailPort } from "@/lib/mail/function-mail-port";
import { MailSender } from "@/lib/mail/mail-sender";

const idleMs = Number(process.env.IDLE_MS ?? 3_000);
const { supabase, mail } = parseEnv(process.env);
if (!supabase || !mail) throw new Error("The settings configure no lead function or no SMTP");
const relay = new MailSender(functionMailPort(supabase), mail);
let handled = 0;
let idleSince = Date.now();
while (Date.now() - idleSince < idleMs) {
  const now = await relay.drainOnce();
  handled += now;
  if (now > 0) idleSince = Date.now();
  else await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(JSON.stringify({ handled }));
