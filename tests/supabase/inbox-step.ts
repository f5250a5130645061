/**
 * One step on an embedded inbox (LEADS_DB_PATH), through the site's own code, for the backend
 * tests that play the site from outside a server: `create` stores a lead queued for the lead
 * function and prints `{ id, token }`; `plan ID TOKEN FREQUENCY` switches its plan as the
 * calculator's update does. Run with `--import ./scripts/allow-server-only.mjs`.
 */
import { parseEnv } from "@/lib/env";
import { openLeadInbox } from "@/lib/leads/inbox";
import { FREQUENCIES } from "@shared/content/pricing";
import { storeLead } from "@/tests/support/leads";

const [command, id = "", token = "", plan = ""] = process.argv.slice(2);
const inbox = openLeadInbox(parseEnv(process.env).leadsDbPath);
try {
  if (command === "create") {
    const { lead, token: made } = storeLead(inbox, { name: "Roll Back" }, { forwarding: true });
    console.log(JSON.stringify({ id: lead.id, token: made }));
  } else if (command === "plan") {
    const frequency = FREQUENCIES.find((each) => each === plan);
    if (!frequency) throw new Error(`No plan ${plan}`);
    const result = inbox.update(id, token, { frequency }, { forwarding: true, mail: null });
    if (result.status !== "updated") throw new Error(`The update was ${result.status}`);
  } else throw new Error(`Unknown step ${command}`);
} finally {
  inbox.close();
}
