import { unsupportedNode } from "@/lib/node-version.mjs";
import packageJson from "@/package.json";

/** Runs once when the server starts, before it takes requests. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // A host that runs Next itself, not through scripts/bin/: said plainly, not as a stack trace.
    const problem = unsupportedNode(packageJson.engines.node, process.version, process.execPath);
    if (problem) throw new Error(problem);
    const { startServer } = await import("@/lib/server-start");
    await startServer();
  }
}
