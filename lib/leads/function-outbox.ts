import "server-only";
import { log } from "@/lib/log";
import { DueTimer } from "./due-timer";
import { callFunctionOutbox, type SupabaseConfig } from "./forward";

/** After a drain that failed (the function or the store unreachable), the next one this much later. */
export const DRAIN_RETRY_MS = 60_000;

/**
 * The lead function posts to the CRM from its own outbox in PostgreSQL after each change, and
 * keeps a timer for retries while its worker lives; a platform that stops workers between
 * requests loses the timer. A server therefore sends the function's signed `drain` at start (what
 * was owed before it), and again when the last drain said the next post falls due; with nothing
 * owed it asks nothing (supabase/README.md, "The outbox"). The database's scheduler covers a
 * server that is not running (docs/leads.md, "Serverless hosts").
 */
export class FunctionOutboxDrain {
  private readonly timer: DueTimer;

  constructor(
    private readonly config: SupabaseConfig,
    retryMs = DRAIN_RETRY_MS,
    private readonly call: typeof callFunctionOutbox = callFunctionOutbox,
  ) {
    this.timer = new DueTimer({
      name: "function_outbox",
      runAtStart: true,
      retryMs,
      task: () => this.drain(),
    });
  }

  start(): void {
    this.timer.start();
  }

  /** Whether a wake-up is set: false when nothing is owed. */
  get waiting(): boolean {
    return this.timer.waiting;
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** One drain; a failure is logged and answered false. */
  async drainOnce(): Promise<boolean> {
    try {
      await this.drain();
      return true;
    } catch (error) {
      log("warn", "function_outbox.drain_failed", { reason: String(error) });
      return false;
    }
  }

  /** One drain; when the next post falls due (null: none owed). Throws when it failed. */
  private async drain(): Promise<Date | null> {
    const result = await this.call(this.config, { action: "drain" });
    if (!result.ok) throw new Error(result.error);
    if (!("drained" in result.answer)) throw new Error("The lead function answered no drain");
    const { drained, nextDueAt } = result.answer;
    if (drained.retry + drained.dead > 0) {
      log("warn", "function_outbox.drained", {
        reason: `sent ${drained.sent}, retry ${drained.retry}, dead ${drained.dead}`,
      });
    }
    return nextDueAt === null ? null : new Date(nextDueAt);
  }
}
