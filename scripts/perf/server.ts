import { freePort, startService, type Service } from "../../tests/support/processes";
import { createTestDatabase, startTestPostgres } from "../../tests/support/test-postgres";

export type RunningServer = {
  url: string;
  /** The server's own PostgreSQL database (when it was not given another store). */
  databaseUrl: string;
  stop: () => Promise<void>;
};

/**
 * Starts `next start` for a finished build on a free loopback port and waits until it answers.
 * `env` adds server settings (the lead path's limits, for a script that submits quotes).
 */
export async function startNextServer(options: {
  distDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Measurements never touch the owner's leads: each server gets a PostgreSQL of its own, removed
  // with it.
  const leads = await startTestPostgres();
  const removeLeads = () => leads.destroy();
  const databaseUrl = await createTestDatabase(leads.adminUrl);
  let service: Service;
  try {
    service = await startService(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: process.cwd(),
        env: {
          NEXT_DIST_DIR: options.distDir,
          DATABASE_URL: databaseUrl,
          ...options.env,
        },
        ready: async () => (await fetch(url)).ok,
      },
    );
  } catch (error) {
    await removeLeads();
    throw error;
  }
  return {
    url,
    databaseUrl,
    stop: async () => {
      await service.stop();
      await removeLeads();
    },
  };
}
