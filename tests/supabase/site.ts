import { E2E_MIN_FORM_MS } from "../e2e/quote-flow";
import { inboxFolder, startSite as startProductionSite } from "../server/site-server";

/**
 * The built site (`next start`, reusing the `.next` that `npm test` has just built) with its lead
 * forwarding pointed at the function: SUPABASE_URL is the gateway stand-in, not a real project.
 */
export async function startSite(supabaseUrl: string, anonKey: string, signingSecret: string) {
  const inbox = inboxFolder();
  const site = await startProductionSite({
    LEADS_DB_PATH: inbox.dbPath,
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
    stop: async () => {
      await site.stop();
      inbox.done();
    },
  };
}
