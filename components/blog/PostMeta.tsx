import { Calendar, Clock } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { formatPostDate } from "@/lib/blog/format-date";

/** Date and reading time, shown on cards and in the article header. */
export function PostMeta({ date, readTimeMinutes }: { date: string; readTimeMinutes: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1.5">
        <Icon icon={Calendar} className="size-4" />
        <time dateTime={date}>{formatPostDate(date)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Icon icon={Clock} className="size-4" />
        <span>{readTimeMinutes} min read</span>
      </span>
    </p>
  );
}

export function CategoryLabel({ category }: { category: string }) {
  return (
    <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
      {category}
    </p>
  );
}
