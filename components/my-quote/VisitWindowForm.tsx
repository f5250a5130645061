import { useId, useState, type FormEvent } from "react";
import { SITE } from "@/content/site";
import type { PartOfDay } from "@/lib/quote/choices";
import { PART_OF_DAY_OPTIONS, partOfDayLabel } from "@/lib/quote/labels";
import { openingHoursSentence } from "@/lib/opening-hours";
import { formatCalendarDate, visitDates, type VisitWindow } from "@/lib/quote/visit-window";
import { buttonClasses } from "@/components/quote/StepFrame";

type VisitWindowFormProps = {
  current: VisitWindow | null;
  saving: boolean;
  onSubmit: (window: VisitWindow) => void;
};

/** "Tuesday, December 1, 2026, in the morning" */
export function visitWindowText(window: VisitWindow): string {
  const part = window.partOfDay === "any" ? "any time of day" : `in the ${window.partOfDay}`;
  return `${formatCalendarDate(window.earliestDate)}, ${part}`;
}

/**
 * When we may come (docs/pages.md, "Saved quote"): an earliest date from tomorrow, on the days the
 * business is open, and a part of the day. The list is the one the server checks against.
 */
export function VisitWindowForm({ current, saving, onSubmit }: VisitWindowFormProps) {
  const id = useId();
  const [dates] = useState(() => visitDates(new Date()));
  const [date, setDate] = useState(() =>
    current && dates.includes(current.earliestDate) ? current.earliestDate : (dates[0] ?? ""),
  );
  const [partOfDay, setPartOfDay] = useState<PartOfDay>(current?.partOfDay ?? "any");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !date) return;
    onSubmit({ earliestDate: date, partOfDay });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        When may we come?
      </h2>
      <p className="text-slate-700">
        {current
          ? `You asked for ${visitWindowText(current)} or later. Change it here.`
          : `Pick the earliest day that suits you, up to ${SITE.visitWindowDaysAhead} days out. We visit ${openingHoursSentence()}.`}
      </p>
      <div>
        <label htmlFor={`${id}-date`} className="block font-semibold text-slate-900">
          Earliest date
        </label>
        <select
          id={`${id}-date`}
          value={date}
          onChange={(event) => setDate(event.target.value)}
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
        aria-disabled={saving || !date}
        className={`${buttonClasses.primary} aria-disabled:cursor-not-allowed aria-disabled:bg-slate-200 aria-disabled:text-slate-600`}
      >
        {current ? "Update visit window" : "Ask for this window"}
      </button>
    </form>
  );
}
