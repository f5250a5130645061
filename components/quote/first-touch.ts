/**
 * The bot time trap's clock (lib/quote/form-traps.ts, docs/leads.md "Bot traps and limits"): when
 * a person first touched the calculator in this tab. It starts at the first pointer, key or input
 * event inside the calculator and never restarts: not when step 4 is shown again, not on a
 * reload (it is kept in session storage beside the progress), not for a second quote.
 */

const STORAGE_KEY = "suncoast-shine:quote-first-touch";
/** Events only a person (or a browser acting for one: autofill, a password manager) sends. */
const TOUCH_EVENTS = ["pointerdown", "keydown", "input"] as const;
const CALCULATOR = "[data-quote-calculator]";

let firstTouchAt: number | null = null;

function storedTouch(): number | null {
  try {
    const at = Number(sessionStorage.getItem(STORAGE_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

/** Records the first touch (a time in ms since the epoch), unless this tab already has one. */
export function noteFirstTouch(at = Date.now()): void {
  firstTouchAt ??= storedTouch();
  if (firstTouchAt !== null) return;
  firstTouchAt = at;
  try {
    sessionStorage.setItem(STORAGE_KEY, String(at));
  } catch {
    // Storage refused (private mode, quota): the clock holds for this page view.
  }
}

/** What the contact step sends as `formMs`: 0 when nothing touched the calculator at all. */
export function msSinceFirstTouch(now = Date.now()): number {
  const at = firstTouchAt ?? storedTouch();
  return at === null ? 0 : Math.max(0, Math.round(now - at));
}

/**
 * Listens for the first touch inside the calculator; returns the cleanup. Only trusted events
 * count: a script that sets the fields and submits the form itself never starts the clock.
 */
export function watchFirstTouch(): () => void {
  const onTouch = (event: Event) => {
    if (!event.isTrusted || !(event.target instanceof Element)) return;
    if (!event.target.closest(CALCULATOR)) return;
    noteFirstTouch();
    stop();
  };
  const stop = () => {
    for (const type of TOUCH_EVENTS) document.removeEventListener(type, onTouch, true);
  };
  if ((firstTouchAt ?? storedTouch()) !== null) return () => undefined;
  for (const type of TOUCH_EVENTS) document.addEventListener(type, onTouch, true);
  return stop;
}
