import "server-only";
import { log } from "@/lib/log";
import { callFunctionOutbox, type SupabaseConfig } from "./forward";
import { Poller } from "./poller";

/** How often each server asks the lead function to post what its CRM outbox owes. */
export const FUNCTION_DRAIN_MS = 60_000;

/**
 * The lead function posts to the CRM from its own outbox in PostgreSQL after each answer, and
 * keeps a timer for retries while its worker lives; a platform that stops workers between
 * requests loses the timer. Each Node server therefore sends the function's signed `drain` once a
 * minute (supabase/README.md, "The outbox"), so a retry is never left waiting for the next lead.
 */
export class FunctionOutboxDrain {
  private readonly poller: Poller;

  constructor(
    private readonly config: SupabaseConfig,
    everyMs = FUNCTION_DRAIN_MS,
    private readonly call: typeof callFunctionOutbox = callFunctionOutbox,
  ) {
    this.poller = new Poller({
      name: "function_outbox",
      everyMs,
      // The function drains after each answer: a server's start adds nothing to wait for.
      runAtStart: false,
      task: () => this.drainOnce(),
    });
  }

  start(): void {
    this.poller.start();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** One drain; a failure is logged (and answered false) and the next tick tries again. */
  async drainOnce(): Promise<boolean> {
    const result = await this.call(this.config, { action: "drain" });
    if (!result.ok) log("warn", "function_outbox.drain_failed", { reason: result.error });
    else if (
      "drained" in result.answer &&
      result.answer.drained.retry + result.answer.drained.dead > 0
    )
      log("warn", "function_outbox.drained", {
        reason: `sent ${result.answer.drained.sent}, retry ${result.answer.drained.retry}, dead ${result.answer.drained.dead}`,
      });
    return result.ok;
  }
}
