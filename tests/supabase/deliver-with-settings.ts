/**
 * Sends one lead to the lead function through the site's own code, with the settings in this
 * process's environment: `parseEnv` reads them as the server does, `deliverLead` signs and posts.
 * Prints the outcome as JSON. Run with `--import ./scripts/allow-server-only.mjs`.
 */
import { parseEnv } from "@/lib/env";
import { deliverLead } from "@/lib/leads/forward";

const [payload = "", key = ""] = process.argv.slice(2);
const { supabase } = parseEnv(process.env);
if (!supabase) throw new Error("The settings configure no lead function");
const outcome = await deliverLead(supabase, { payload: JSON.parse(payload), idempotencyKey: key });
console.log(JSON.stringify(outcome));
