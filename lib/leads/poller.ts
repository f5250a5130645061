import "server-only";
import { log } from "@/lib/log";

/**
 * A server's loop around one task that asks the lead function for work (its CRM outbox's drain,
 * the shared store's e-mails): the task runs, then again `everyMs` after it ended (or when
 * `nextRunAt` says the next work falls due, if sooner), never two at once. `kick` runs it now, or, if it is running, once more as soon as it ends, so work queued
 * while it ran is not left for the next tick. A failing task is logged and the loop goes on. The
 * timer never keeps a stopping server alive: what is owed waits in PostgreSQL.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private busy: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly options: {
      /** Names the log event of a failure: `${name}.failed`. */
      name: string;
      everyMs: number;
      /** Run at start (true), or first after `everyMs`. */
      runAtStart: boolean;
      task: () => Promise<unknown>;
      /** When the next work falls due, where the task's queue can say (null: nothing owed). */
      nextRunAt?: () => Promise<Date | null>;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.options.runAtStart) this.kick();
    else this.schedule();
  }

  kick(): void {
    if (!this.running) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.busy = this.options
      .task()
      .then(
        () => undefined,
        (error: unknown) => log("error", `${this.options.name}.failed`, { reason: String(error) }),
      )
      .then(() => this.nextDue())
      .then((due) => {
        this.busy = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule(due);
      });
  }

  /** Stops the loop; resolves once a run in flight has ended. */
  async stop(): Promise<void> {
    this.running = false;
    this.again = false;
    clearTimeout(this.timer);
    await this.busy;
  }

  /** The next work's due time, or null when none is known (not asked, or the asking failed). */
  private async nextDue(): Promise<Date | null> {
    if (!this.running || !this.options.nextRunAt) return null;
    try {
      return await this.options.nextRunAt();
    } catch {
      return null; // the task's own failure is what is logged; the period covers it
    }
  }

  private schedule(due: Date | null = null): void {
    if (!this.running) return;
    const { everyMs } = this.options;
    // Never sooner than 50 ms: the database's clock and this one may differ by a little.
    const wait = due ? Math.min(Math.max(due.getTime() - Date.now(), 50), everyMs) : everyMs;
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }
}
