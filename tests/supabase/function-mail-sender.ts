/**
 * One Node server's mail sender for the e-mails queued in PostgreSQL, run on its own as a server
 * would run it (lib/mail/mail-sender.ts), with the settings in this process's environment:
 * it sends what is due until nothing has been due for `IDLE_MS`, then prints how many it handled.
 * Run with `--import ./scripts/allow-server-only.mjs`.
 */
import { parseEnv } from "@/lib/env";
import { functionMailPort, sendDueMail } from "@/lib/mail/mail-sender";

const idleMs = Number(process.env.IDLE_MS ?? 3_000);
const { supabase, mail } = parseEnv(process.env);
if (!supabase || !mail) throw new Error("The settings configure no lead function or no SMTP");
const port = functionMailPort(supabase);
let handled = 0;
let idleSince = Date.now();
while (Date.now() - idleSince < idleMs) {
  const { handled: now } = await sendDueMail(port, mail).catch((error: unknown) => {
    console.error(String(error));
    return { handled: 0 };
  });
  handled += now;
  if (now > 0) idleSince = Date.now();
  else await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(JSON.stringify({ handled }));
