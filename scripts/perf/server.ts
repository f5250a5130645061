import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startService, type Service } from "../../tests/support/processes";

export type RunningServer = { url: string; stop: () => Promise<void> };

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
  // Measurements never touch the owner's lead inbox: each server gets one of its own, removed
  // with it.
  const leads = mkdtempSync(path.join(tmpdir(), "perf-leads-"));
  const removeLeads = () => rmSync(leads, { recursive: true, force: true });
  let service: Service;
  try {
    service = await startService(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: process.cwd(),
        env: {
          NEXT_DIST_DIR: options.distDir,
          LEADS_DB_PATH: path.join(leads, "leads.db"),
          ...options.env,
        },
        ready: async () => (await fetch(url)).ok,
      },
    );
  } catch (error) {
    removeLeads();
    throw error;
  }
  return {
    url,
    stop: async () => {
      await service.stop();
      removeLeads();
    },
  };
}
