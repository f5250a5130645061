import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { SITE } from "@/content/site";
import type { PartOfDay } from "@shared/quote/choices";
import { PART_OF_DAY_OPTIONS, partOfDayLabel } from "@/lib/quote/labels";
import { openingHoursSentence } from "@/lib/opening-hours";
import {
  formatCalendarDate,
  type KnownClosedDays,
  type VisitWindow,
} from "@/lib/quote/visit-window";
import { buttonClasses } from "@/components/quote/StepFrame";
import { useVisitDates } from "./use-visit-dates";

type VisitWindowFormProps = {
  current: VisitWindow | null;
  closedDays: KnownClosedDays;
  /** The last day of the quote's price lock: no later date is offered (docs/decisions.md). */
  lastDate: string;
  /** A plan change is being saved: the window waits for it. */
  saving: boolean;
  /** Stores the window; resolves to the reason it was refused, or null once it is kept. */
  onSubmit: (window: VisitWindow) => Promise<string | null>;
};

/** What the form says under its button, where the visitor who pressed it is looking. */
type Note = { role: "status" | "alert"; text: string };

/** "Tuesday, December 1, 2026, in the morning" */
export function visitWindowText(window: VisitWindow): string {
  const part = window.partOfDay === "any" ? "any time of day" : `in the ${window.partOfDay}`;
  return `${formatCalendarDate(window.earliestDate)}, ${part}`;
}

const CLOSED_HOLIDAYS = new Intl.ListFormat("en-US", { type: "conjunction" }).format(
  SITE.closedHolidays,
);

/**
 * When we may come (docs/pages.md, "Saved quote"): an earliest date from tomorrow, on the days the
 * business is open, and a part of the day. The list is the one the server checks against.
 */
export function VisitWindowForm({
  current,
  closedDays,
  lastDate,
  saving,
  onSubmit,
}: VisitWindowFormProps) {
  const id = useId();
  const { dates, refresh } = useVisitDates(closedDays, lastDate);
  const [date, setDate] = useState(current?.earliestDate ?? "");
  const [partOfDay, setPartOfDay] = useState<PartOfDay>(current?.partOfDay ?? "any");
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const noteRef = useRef<HTMLDivElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  // The date the list shows: the one chosen, or its first once the chosen one is gone.
  const shown = dates.includes(date) ? date : (dates[0] ?? "");
  const busy = saving || sending || !shown;

  useEffect(() => {
    if (note) noteRef.current?.scrollIntoView({ block: "nearest" });
  }, [note]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const open = refresh();
    if (!open.includes(shown)) {
      // The day changed since the list was drawn: say so, rather than ask for a day gone by.
      setNote({ role: "alert", text: datesMovedOn(shown, open[0]) });
      selectRef.current?.focus();
      return;
    }
    const window = { earliestDate: shown, partOfDay };
    setSending(true);
    setNote({ role: "status", text: "Saving…" });
    const refusal = await onSubmit(window);
    setSending(false);
    setNote(
      refusal
        ? { role: "alert", text: refusal }
        : {
            role: "status",
            text: `Thank you. We will plan your visit for ${visitWindowText(window)} or later, and confirm it with you.`,
          },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        When may we come?
      </h2>
      <p className="text-slate-700">
        {current
          ? `You asked for ${visitWindowText(current)} or later. Change it here.`
          : `Pick the earliest day that suits you, up to ${formatCalendarDate(lastDate)}, while this price is held. We visit ${openingHoursSentence()}, and not on ${CLOSED_HOLIDAYS}.`}
      </p>
      {dates.length === 0 ? (
        <p className="font-semibold text-slate-900">
          No date can be chosen here just now: call us on {SITE.phone.display} to plan your visit.
        </p>
      ) : null}
      <div hidden={dates.length === 0}>
        <label htmlFor={`${id}-date`} className="block font-semibold text-slate-900">
          Earliest date
        </label>
        <select
          id={`${id}-date`}
          ref={selectRef}
          value={shown}
          onChange={(event) => setDate(event.target.value)}
          // Drawn again before it is used: the page may have been open since yesterday.
          onFocus={refresh}
          onPointerDown={refresh}
          className="mt-1 min-h-11 w-full rounded-xl border-2 border-slate-300 bg-white px-3 sm:w-auto"
        >
          {dates.map((option) => (
            <option key={option} value={option}>
              {formatCalendarDate(option)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="font-semibold text-slate-900">Time of day</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {PART_OF_DAY_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-slate-300 px-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-part`}
                value={option.value}
                checked={partOfDay === option.value}
                onChange={() => setPartOfDay(option.value)}
                className="size-4 accent-brand-700"
              />
              {partOfDayLabel(option.value)}
            </label>
          ))}
        </div>
      </fieldset>
      {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
      <button
        type="submit"
        aria-disabled={busy}
        className={`${buttonClasses.primary} aria-disabled:cursor-not-allowed aria-disabled:bg-slate-200 aria-disabled:text-slate-600`}
      >
        {current ? "Update visit window" : "Ask for this window"}
      </button>
      {/* Both live regions are always there, so a screen reader announces what is put in them. */}
      <div ref={noteRef} className="scroll-mb-4">
        <p role="status" className="font-semibold text-brand-800">
          {note?.role === "status" ? note.text : ""}
        </p>
        <p role="alert" className="font-semibold text-red-800">
          {note?.role === "alert" ? note.text : ""}
        </p>
      </div>
    </form>
  );
}

function datesMovedOn(gone: string, first: string | undefined): string {
  const earliest = first
    ? `The earliest day now is ${formatCalendarDate(first)}.`
    : `Call us on ${SITE.phone.display} to plan your visit.`;
  return `The dates have moved on since this page was opened: ${formatCalendarDate(gone)} can no longer be chosen. ${earliest} Check the date and ask again.`;
}
