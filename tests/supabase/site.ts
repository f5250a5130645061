import { E2E_MIN_FORM_MS } from "../e2e/quote-flow";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSite as startProductionSite } from "../server/site-server";

/**
 * The built site (`next start`, reusing the `.next` that `npm test` has just built) with its lead
 * forwarding pointed at the function: SUPABASE_URL is the gateway stand-in, not a real project.
 */
export async function startSite(supabaseUrl: string, anonKey: string, signingSecret: string) {
  const site = await startProductionSite({
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: anonKey,
    LEAD_SIGNING_SECRET: signingSecret,
    SUPABASE_LEAD_FUNCTION: "crm-lead",
    // The calculator flows here submit as the shared browser tests do (tests/e2e/quote-flow.ts).
    LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
  });
  return {
    url: site.url,
    output: site.output,
    stop: site.stop,
  };
}

/** New leads, and reads and updates, per client per 10 minutes on the shared-store servers: reached quickly by a test. */
export const SHARED_CREATE_LIMIT = 4;
export const SHARED_UPDATE_LIMIT = 20;

/**
 * A server of the site on the shared store (LEADS_STORE=supabase): its leads are in the backend's
 * PostgreSQL, so any number of these share them. Its LEADS_DB_PATH names a folder that does not
 * exist: it must never need one. TRUST_PROXY lets each test be its own client (X-Forwarded-For),
 * so the rate limits of one test do not reach another.
 */
export async function startSharedSite(
  supabaseUrl: string,
  anonKey: string,
  signingSecret: string,
  /** More settings: the SMTP group, CRON_SECRET. */
  more: Record<string, string> = {},
) {
  return startProductionSite({
    LEADS_STORE: "supabase",
    LEADS_DB_PATH: "/nonexistent/shared-store-keeps-no-inbox/leads.db",
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: anonKey,
    LEAD_SIGNING_SECRET: signingSecret,
    TRUST_PROXY: "1",
    LEADS_CREATE_LIMIT: String(SHARED_CREATE_LIMIT),
    LEADS_UPDATE_LIMIT: String(SHARED_UPDATE_LIMIT),
    LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
    ...more,
  });
}

/**
 * A server of the site on its own embedded inbox (LEADS_STORE=sqlite, no forwarding), trusting one
 * proxy as the shared-store servers do: what the shared store is compared with, and moved from.
 * `stop` stops the server; `remove` deletes its inbox.
 */
export async function startEmbeddedSite() {
  const dir = mkdtempSync(path.join(tmpdir(), "embedded-site-"));
  const inbox = {
    dbPath: path.join(dir, "leads.db"),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
  const site = await startProductionSite({
    LEADS_DB_PATH: inbox.dbPath,
    TRUST_PROXY: "1",
    LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
  });
  return { url: site.url, dbPath: inbox.dbPath, stop: site.stop, remove: inbox.done };
}
