import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/chromium";
import { freePort, startService } from "../../tests/support/processes";
import { createTestDatabase, startTestPostgres } from "../../tests/support/test-postgres";

export const launchChromium = () =>
  chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

/**
 * `next start` for a finished build (the site's: NEXT_DIST_DIR, else the recorded one; scripts/build/build-folder.ts) on
 * a free loopback port, once it answers. Without a `databaseUrl` it keeps leads on a throwaway
 * PostgreSQL of its own, removed with it: measurements never touch the owner's leads. `cwd`: the
 * app's folder (the repository's by default).
 */
export async function startNextServer(
  options: { env?: Record<string, string>; databaseUrl?: string; cwd?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const leads = options.databaseUrl ? undefined : await startTestPostgres();
  try {
    const service = await startService(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: options.cwd ?? process.cwd(),
        env: {
          DATABASE_URL: options.databaseUrl ?? (await createTestDatabase(leads!.adminUrl)),
          ...options.env,
        },
        // Any answer: the server is up (an app without a home page answers 404).
        ready: async () => (await fetch(url)).status < 500,
      },
    );
    const stop = async () => {
      await service.stop();
      await leads?.destroy();
    };
    return { url, pid: service.process.pid ?? 0, stop };
  } catch (error) {
    await leads?.destroy();
    throw error;
  }
}
