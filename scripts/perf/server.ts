import { freePort, startService, type Service } from "../../tests/support/processes";
import { createTestDatabase, startTestPostgres } from "../../tests/support/test-postgres";

export type RunningServer = {
  url: string;
  /** The `next start` process's id. */
  pid: number;
  /** The server's PostgreSQL database: its own, or the one it was given. */
  databaseUrl: string;
  stop: () => Promise<void>;
};

/**
 * Starts `next start` for a finished build on a free loopback port and waits until it answers.
 * `env` adds server settings (the lead path's limits, for a script that submits quotes);
 * `databaseUrl`, the database it keeps leads in (DATABASE_URL), else one of its own on a throwaway
 * cluster, removed with it; `cwd`, the app's folder (the repository's by default).
 */
export async function startNextServer(options: {
  distDir: string;
  env?: Record<string, string>;
  databaseUrl?: string;
  cwd?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Measurements never touch the owner's leads: without a database given, each server gets a
  // PostgreSQL of its own, removed with it.
  const leads = options.databaseUrl ? undefined : await startTestPostgres();
  const removeLeads = async () => leads?.destroy();
  const databaseUrl = leads ? await createTestDatabase(leads.adminUrl) : options.databaseUrl;
  if (!databaseUrl) throw new Error("no database for the server");
  let service: Service;
  try {
    service = await startService(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: options.cwd ?? process.cwd(),
        env: {
          NEXT_DIST_DIR: options.distDir,
          DATABASE_URL: databaseUrl,
          ...options.env,
        },
        // Any answer: the server is up (an app without a home page answers 404).
        ready: async () => (await fetch(url)).status < 500,
      },
    );
  } catch (error) {
    await removeLeads();
    throw error;
  }
  return {
    url,
    pid: service.process.pid ?? 0,
    databaseUrl,
    stop: async () => {
      await service.stop();
      await removeLeads();
    },
  };
}
