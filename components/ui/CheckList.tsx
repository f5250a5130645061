import { Check } from "lucide";
import { Icon } from "./Icon";

/** Points each ticked with a check mark: what a service or a plan includes. */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-slate-700">
          <Icon icon={Check} className="mt-0.5 size-5 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}
