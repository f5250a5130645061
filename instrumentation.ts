import { unsupportedNode } from "@/lib/node-version";

/** Runs once when the server starts, before it takes requests. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Said plainly, before a missing Node feature fails with a stack trace (lib/node-version.ts).
    const problem = unsupportedNode(process.version);
    if (problem) throw new Error(problem);
    const { startServer } = await import("@/lib/server-start");
    await startServer();
  }
}
