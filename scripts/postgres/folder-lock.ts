/**
 * One supervisor per data folder (scripts/start.ts): a lock the kernel releases when its holder
 * dies, however it dies. On Linux an abstract unix socket (no file left behind); elsewhere a
 * socket file in the temp folder, which a later start removes when nothing answers on it.
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type FolderLock = { release: () => void };

function lockAddress(dataDir: string): string {
  const hash = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 32);
  return process.platform === "linux"
    ? `\0suncoast-shine-supervisor-${hash}`
    : path.join(tmpdir(), `suncoast-shine-supervisor-${hash}.sock`);
}

const listen = (address: string) =>
  new Promise<Server>((resolve, reject) => {
    // Each caller that finds it taken is told the holder's pid.
    const server = createServer((socket) => socket.end(String(process.pid)));
    server.once("error", reject);
    server.listen(address, () => resolve(server.unref()));
  });

/** The holder's pid, or undefined when nothing answers (it has just died). */
const holder = (address: string) =>
  new Promise<number | undefined>((resolve) => {
    let answer = "";
    const socket = createConnection(address);
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => resolve(undefined));
    socket.on("close", () => resolve(Number(answer) || undefined));
  });

/** The lock on `dataDir`, or the pid of the live process that holds it. */
export async function lockDataFolder(dataDir: string): Promise<FolderLock | { heldBy: number }> {
  const address = lockAddress(dataDir);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const server = await listen(address);
      return { release: () => server.close() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 20) throw error;
    }
    const pid = await holder(address);
    if (pid !== undefined) return { heldBy: pid };
    // A socket file nobody listens on is a dead holder's; an abstract name frees itself.
    if (!address.startsWith("\0")) rmSync(address, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
