import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startService } from "./processes";
import { ROOT } from "./tools";

/**
 * The built site (`next start`, reusing the `.next` that `npm test` has just built) with its lead
 * forwarding pointed at the function: SUPABASE_URL is the gateway stand-in, not a real project.
 */
export async function startSite(supabaseUrl: string, anonKey: string) {
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    throw new Error(
      "No production build in .next: run `npm run build` before `npm run test:supabase`.",
    );
  }
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const inboxDir = mkdtempSync(path.join(tmpdir(), "supabase-e2e-inbox-"));
  const service = await startService(
    path.join(ROOT, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env: {
        LEADS_DB_PATH: path.join(inboxDir, "leads.db"),
        SUPABASE_URL: supabaseUrl,
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_LEAD_FUNCTION: "crm-lead",
      },
      ready: async () => (await fetch(url)).ok,
    },
  );
  return {
    url,
    output: service.output,
    stop: async () => {
      await service.stop();
      rmSync(inboxDir, { recursive: true, force: true });
    },
  };
}
