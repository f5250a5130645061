import { installDeno, missingTools } from "./tools";
import { syncSharedCopies } from "../../scripts/supabase/sync-shared";

/**
 * Writes the function's copies of the site's modules (`deno check`/`deno test` read them), installs
 * Deno into .tools/deno when needed, and says loudly what is missing when the test must skip.
 */
export default async function globalSetup() {
  await syncSharedCopies();
  const failed = installDeno();
  if (failed) console.warn(`supabase test: ${failed}`);
  const missing = missingTools();
  if (missing) console.warn(`\n*** ${missing} ***\n`);
}
