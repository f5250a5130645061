/** The longest wait a timer takes (about 24.8 days); a later due time is looked at then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** The soonest a timer fires: a due time already past is looked at this much later. */
const MIN_WAIT_MS = 1_000;
/** After a failed run (the outbox or the function unreachable), the next one this much later. */
export const RETRY_MS = 60_000;

export type DueTimer = { kick(): void; stop(): Promise<void>; readonly waiting: boolean };

/**
 * A process's wake-up for one task that asks the outbox for work (the e-mails to send, the CRM
 * posts): it never polls. It runs the task at once, for what was owed before the process started;
 * the task answers when its work next falls due, and one timer is set for then; with nothing owed
 * (null) no timer is set and nothing is asked until a `kick` (a change stored). `kick` runs it now,
 * or, if it is running, once more as soon as it ends, so work queued meanwhile is not missed. A
 * failing task is passed to `failed` and run again RETRY_MS later: whether anything is owed is
 * not known. Never two runs at once, and the timer never keeps a stopping process alive: what is
 * owed waits in PostgreSQL.
 */
export function dueTimer(options: {
  task: () => Promise<Date | null>;
  failed: (error: unknown) => void;
}): DueTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = true;
  let busy: Promise<void> | null = null;
  let again = false;

  const kick = () => {
    if (!running) return;
    if (busy) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    busy = options
      .task()
      .then(
        (due) => (due ? due.getTime() - Date.now() : null),
        (error: unknown) => {
          options.failed(error);
          return RETRY_MS;
        },
      )
      .then((waitMs) => {
        busy = null;
        if (again) {
          again = false;
          kick();
        } else if (waitMs !== null && running) {
          // Its run clears it, so `waiting` is false while nothing is owed.
          timer = setTimeout(kick, Math.min(Math.max(waitMs, MIN_WAIT_MS), LONGEST_TIMER_MS));
          (timer as { unref?: () => void }).unref?.();
        }
      });
  };

  kick();
  return {
    kick,
    /** Stops it; resolves once a run in flight has ended. */
    async stop() {
      running = false;
      again = false;
      clearTimeout(timer);
      timer = undefined;
      await busy;
    },
    /** Whether a wake-up is set: false when nothing is owed. */
    get waiting() {
      return timer !== undefined;
    },
  };
}
