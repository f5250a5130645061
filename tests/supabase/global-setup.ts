import { installDeno, missingTools } from "./tools";

/** Installs Deno into .tools/deno when needed, and says loudly what is missing when the test must skip. */
export default async function globalSetup() {
  const failed = installDeno();
  if (failed) console.warn(`supabase test: ${failed}`);
  const missing = missingTools();
  if (missing) console.warn(`\n*** ${missing} ***\n`);
}
