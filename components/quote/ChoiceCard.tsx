import type { ReactNode } from "react";

type ChoiceCardProps = {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** A corner note such as a price or "$150 off". */
  aside?: ReactNode;
  badge?: string;
};

/**
 * A real radio or checkbox inside a label styled as a card. The input is transparent and covers
 * the whole card, so a tap anywhere lands on the native control that keyboards and screen readers use.
 */
export function ChoiceCard({
  type,
  name,
  value,
  checked,
  onChange,
  title,
  description,
  aside,
  badge,
}: ChoiceCardProps) {
  return (
    <label className="relative flex min-h-11 cursor-pointer items-start gap-3 p-[1.125rem] text-left">
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
      />
      {/* The card's border and fill, drawn from the input's state by a sibling selector (peer-*):
          a change restyles the card alone, where :has() has the browser check the input's
          ancestors too. No colour transition: a tap's new state shows in one frame (docs/performance.md,
          "What keeps a tap short"). */}
      <span
        aria-hidden="true"
        className="absolute inset-0 rounded-2xl border-2 border-slate-200 bg-white peer-hover:border-brand-500 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
      />
      <span
        aria-hidden="true"
        className={`relative mt-0.5 grid size-5 shrink-0 place-items-center border-2 border-slate-400 bg-white peer-checked:border-brand-600 peer-checked:bg-brand-600 ${
          type === "radio" ? "rounded-full" : "rounded-md"
        }`}
      >
        <span
          className={
            type === "radio"
              ? "size-2 rounded-full bg-white"
              : "h-2.5 w-1.5 -translate-y-px rotate-45 border-r-2 border-b-2 border-white"
          }
        />
      </span>
      <span className="relative flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900">
          {title}
          {badge ? (
            <span className="rounded-full bg-sun-400 px-2 py-0.5 text-xs font-bold text-slate-900">
              {badge}
            </span>
          ) : null}
        </span>
        {description ? (
          <span className="mt-1 block text-sm text-slate-600">{description}</span>
        ) : null}
      </span>
      {aside ? (
        <span className="relative shrink-0 font-semibold text-brand-800">{aside}</span>
      ) : null}
    </label>
  );
}
