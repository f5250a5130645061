/** Runs once when the server starts, before it takes requests. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server-start");
    startServer();
  }
}
