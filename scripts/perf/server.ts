import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export type RunningServer = { url: string; stop: () => Promise<void> };

/** Starts `next start` on a loopback port for a finished build and waits until it answers. */
export async function startNextServer(options: {
  port: number;
  distDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  // Something already answering there would be measured instead of this build.
  const alreadyTaken = await fetch(url).then(
    () => true,
    () => false,
  );
  if (alreadyTaken)
    throw new Error(`Port ${options.port} is already in use; pass another with --port.`);
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(options.port), "-H", "127.0.0.1"],
    {
      env: {
        ...process.env,
        NEXT_DIST_DIR: options.distDir,
        // Measurements never touch the owner's lead inbox.
        LEADS_DB_PATH: path.join(mkdtempSync(path.join(tmpdir(), "perf-leads-")), "leads.db"),
        ...options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    },
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  };
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`next start did not answer on ${url} within 60 s`);
}
