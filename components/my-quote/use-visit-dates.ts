import { useCallback, useEffect, useMemo, useState } from "react";
import { businessToday, visitDates, type KnownClosedDays } from "@/lib/quote/visit-window";

/**
 * The dates a visit may be asked for, kept current (docs/decisions.md, "Saved quote"): a page left
 * open past midnight draws its list again before it is used, when the visitor comes back to the
 * tab or reaches for the list, and `refresh` gives the list as of now to check a date against.
 * None after `lastDate`, the last day of the quote's price lock.
 */
export function useVisitDates(closed: KnownClosedDays, lastDate: string) {
  const listAt = useCallback(
    (now: Date) =>
      visitDates(now, {
        closedDays: new Set(closed.dates),
        knownUntil: closed.knownUntil,
        lastDate,
      }),
    [closed, lastDate],
  );
  const [listedAt, setListedAt] = useState(() => new Date());
  const dates = useMemo(() => listAt(listedAt), [listAt, listedAt]);

  const refresh = useCallback(() => {
    const now = new Date();
    setListedAt((previous) => (businessToday(previous) === businessToday(now) ? previous : now));
    return listAt(now);
  }, [listAt]);

  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    return () => {
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
    };
  }, [refresh]);

  return { dates, refresh };
}
