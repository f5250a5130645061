/**
 * Runs before `next build` (package.json "build"): a production deploy stops here, naming each
 * placeholder, sample or missing setting, before anything is built (lib/launch-gate.ts), and warns
 * of what it may go live without (city pages with no local proof). Reads the same .env files as the
 * build, through Next's own loader.
 */
import nextEnv from "@next/env";
import {
  launchProblems,
  launchRefusal,
  launchWarnings,
  launchWarningText,
  productionDeploy,
} from "@/lib/launch-gate";
import { resolveSiteUrl } from "@/lib/site-url";

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
try {
  const deploy = productionDeploy(process.env);
  if (deploy) {
    const warning = launchWarningText(deploy, launchWarnings());
    if (warning) console.warn(warning);
    const refusal = launchRefusal(deploy, launchProblems({ siteUrl: resolveSiteUrl(process.env) }));
    if (refusal) {
      console.error(refusal);
      process.exit(1);
    }
    console.log(`Launch gate: passed (${deploy})`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
