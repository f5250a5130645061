import nextEnv from "@next/env";

/**
 * Loads the settings files of the folder the command runs in (npm runs it in the site's) into
 * process.env with Next's own loader, so the supervisor and every command read what Next reads:
 * `.env.production.local`, `.env.local`, `.env.production`, `.env` (the `development` ones with
 * `dev`; no `.env.local` when NODE_ENV is test), a variable already set winning. Answers the
 * files read. README, "Deployment".
 */
export function loadEnvFiles(options: { dev?: boolean } = {}): string[] {
  const quiet = { info: () => undefined, error: console.error };
  const { loadedEnvFiles } = nextEnv.loadEnvConfig(process.cwd(), options.dev ?? false, quiet);
  return loadedEnvFiles.map((file) => file.path);
}
