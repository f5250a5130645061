import { E2E_MIN_FORM_MS } from "../e2e/quote-flow";
import { startSite as startProductionSite } from "../server/site-server";
import { createTestDatabase, startTestPostgres } from "../support/test-postgres";

/** New leads, and reads and updates, per client per 10 minutes on the shared-store servers: reached quickly by a test. */
export const SHARED_CREATE_LIMIT = 4;
export const SHARED_UPDATE_LIMIT = 20;

/**
 * A server of the site on Supabase: its leads are in the backend's PostgreSQL, reached through
 * the lead function, so any number of these share them. TRUST_PROXY lets each test be its own
 * client (X-Forwarded-For), so the rate limits of one test do not reach another.
 */
export async function startSharedSite(
  supabaseUrl: string,
  secretKey: string,
  /** More settings: the SMTP group, CRON_SECRET. */
  more: Record<string, string> = {},
) {
  return startProductionSite({
    SUPABASE_URL: supabaseUrl,
    SUPABASE_SECRET_KEY: secretKey,
    TRUST_PROXY: "1",
    LEADS_CREATE_LIMIT: String(SHARED_CREATE_LIMIT),
    LEADS_UPDATE_LIMIT: String(SHARED_UPDATE_LIMIT),
    LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
    ...more,
  });
}

/**
 * A server of the site on the embedded store (`DATABASE_URL`: a PostgreSQL of its own, as
 * `npm start` gives it), trusting one proxy as the Supabase servers do: what the Supabase
 * deployment is compared with. `stop` stops the server; `remove` its PostgreSQL.
 */
export async function startEmbeddedSite() {
  const postgres = await startTestPostgres();
  const databaseUrl = await createTestDatabase(postgres.adminUrl);
  const site = await startProductionSite({
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "1",
    LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
  }).catch(async (error: unknown) => {
    await postgres.destroy();
    throw error;
  });
  return { url: site.url, databaseUrl, stop: site.stop, remove: () => postgres.destroy() };
}
