import { Section } from "@/components/ui/Section";
import type { InfoCard, InfoCardSectionCopy } from "@/content/plan-pages";

/** Cards with a short "when" label: seasons, visits, property types and guarantees. */
export function InfoCardGrid({
  cards,
  columns = 3,
}: {
  cards: readonly InfoCard[];
  columns?: 2 | 3;
}) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
      {cards.map((card) => (
        <li
          key={card.title}
          className="rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm"
        >
          {card.when ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {card.when}
            </p>
          ) : null}
          <h3 className="mt-1 text-xl font-semibold text-slate-900">{card.title}</h3>
          <p className="mt-3 text-slate-700">{card.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** A tinted section of info cards, heading and cards from content/plan-pages.ts. */
export function InfoCardSection({ section }: { section: InfoCardSectionCopy }) {
  const { cards, ...heading } = section;
  return (
    <Section {...heading} tone="tint">
      <InfoCardGrid cards={cards} />
    </Section>
  );
}
