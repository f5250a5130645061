import "server-only";
import { serverEnv } from "@/lib/env";
import { getLeadInbox } from "@/lib/leads/get-inbox";

/** Server start (instrumentation.ts): a bad setting or an unusable inbox stops it now, not at the first quote. */
export function startServer(): void {
  try {
    serverEnv();
    getLeadInbox();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
