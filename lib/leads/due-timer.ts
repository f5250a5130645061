import "server-only";
import { log } from "@/lib/log";

/** The longest wait a Node timer takes (about 24.8 days); a later due time is looked at then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * A server's wake-up for one task that asks the outbox for work (the e-mails to send, the lead
 * function's CRM posts): it never polls. The task answers when its work next falls due, and one
 * timer is set for then; with nothing owed (null) no timer is set and nothing is asked until a
 * `kick` (the server stored a change). `kick` runs it now, or, if it is running, once more as soon
 * as it ends, so work queued while it ran is not missed. A failing task is logged and tried again
 * `retryMs` later: whether anything is owed is not known. Never two runs at once, and the timer
 * never keeps a stopping server alive: what is owed waits in PostgreSQL.
 */
export class DueTimer {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private busy: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly options: {
      /** Names the log event of a failure: `${name}.failed`. */
      name: string;
      /** Run at start, for what was owed before the server started (true), or first on a kick. */
      runAtStart: boolean;
      /** Does what is due; answers when the next work falls due, or null when none is owed. */
      task: () => Promise<Date | null>;
      /** After a failed run, the next one this much later. */
      retryMs: number;
      /** The soonest a timer fires: a due time already past is looked at this much later. */
      minWaitMs?: number;
      now?: () => number;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.options.runAtStart) this.kick();
  }

  kick(): void {
    if (!this.running) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.busy = this.options
      .task()
      .then(
        (due) => (due ? due.getTime() - (this.options.now ?? Date.now)() : null),
        (error: unknown) => {
          log("error", `${this.options.name}.failed`, { reason: String(error) });
          return this.options.retryMs;
        },
      )
      .then((waitMs) => {
        this.busy = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else if (waitMs !== null) this.wakeIn(waitMs);
      });
  }

  /** Whether a wake-up is set: false when nothing is owed. */
  get waiting(): boolean {
    return this.timer !== undefined;
  }

  /** Stops it; resolves once a run in flight has ended. */
  async stop(): Promise<void> {
    this.running = false;
    this.again = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.busy;
  }

  private wakeIn(waitMs: number): void {
    if (!this.running) return;
    const wait = Math.min(Math.max(waitMs, this.options.minWaitMs ?? 1_000), LONGEST_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, wait);
    this.timer.unref();
  }
}
