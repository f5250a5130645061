/**
 * Asks the lead function's store for one operation through the site's own code, with the settings
 * in this process's environment: `parseEnv` reads them as the server does, `callStore` posts with
 * the secret key. Prints the outcome as JSON. Run with `--import ./scripts/allow-server-only.mjs`.
 */
import { parseEnv } from "@/lib/env";
import { callStore } from "@/lib/leads/forward";
import { STORE_OPERATIONS } from "@shared/leads/store-contract";

const [name = "", request = ""] = process.argv.slice(2);
const operation = STORE_OPERATIONS.find((each) => each === name);
if (!operation) throw new Error(`No store operation ${name}`);
const { supabase } = parseEnv(process.env);
if (!supabase) throw new Error("The settings configure no lead function");
console.log(JSON.stringify(await callStore(supabase, operation, JSON.parse(request))));
