import { createServer } from "node:net";
import { parseArgs } from "node:util";

/** Where `next start` or `next dev` will listen: `-p` (else PORT, else 3000) and `-H`. */
export function nextAddress(
  args: string[],
  env: NodeJS.ProcessEnv,
): { port: number; host?: string } {
  const options = {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
  } as const;
  const { values } = parseArgs({ args, options, strict: false, allowPositionals: true });
  const port = Number(values.port ?? env.PORT ?? 3000);
  const host = typeof values.hostname === "string" ? values.hostname : undefined;
  return { port, host };
}

/** Refuses an address something already listens on, as Next would, but before anything starts. */
export async function ensureFree({ port, host }: { port: number; host?: string }): Promise<void> {
  if (!Number.isInteger(port) || port <= 0) return; // Next itself says what is wrong with it
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    throw new Error(
      `port ${port}${host ? ` on ${host}` : ""} is in use: stop what listens there, or serve on another port (npm start -- -p N, or PORT=N npm start)`,
    );
  });
  await new Promise((resolve) => server.close(resolve));
}
