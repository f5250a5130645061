/**
 * Sends changes one at a time, the latest last: while one is on its way, the next waits, and a
 * newer one takes the waiting one's place (each change carries the whole state it sets, so the
 * ones in between need not go). The server thus ends on the visitor's last choice even when an
 * earlier request is slow (docs/calculator.md, "Updates after the contact step"). `send` is told
 * whether a newer change is waiting (`newer()`), so that it stops retrying one the newer replaces.
 */
export function oneAtATime<T>(send: (value: T, newer: () => boolean) => Promise<void>) {
  let waiting: { value: T } | null = null;
  let running: Promise<void> | null = null;
  const newer = () => waiting !== null;

  const run = async () => {
    try {
      for (let next = waiting; next; next = waiting) {
        waiting = null;
        await send(next.value, newer);
      }
    } finally {
      running = null;
    }
  };

  /** Queues `value`; resolves once nothing is waiting or on its way any more. */
  return function push(value: T): Promise<void> {
    waiting = { value };
    running ??= run();
    return running;
  };
}
