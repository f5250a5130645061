import { ADD_ONS, formatUsd } from "@shared/content/pricing";
import type { StoredQuote } from "@shared/leads/store-contract";
import { partOfDayLabel, paneRangeLabel, planName, storiesLabel } from "@/lib/quote/labels";
import { formatCalendarDate } from "@/lib/quote/visit-window";

/**
 * What changed in a lead, old -> new, for a person: the owner's "Quote updated" e-mail, `leads
 * show` and the CSV (docs/leads.md, "One calculator session, one lead"). The store records each
 * change with the update's field names (supabase/functions/_shared/leads/update-columns.ts).
 */

type Change = StoredQuote["changes"][number];
/** One field's change, labelled as the lead's facts are (report.ts, leadFacts). */
type ChangeFact = { label: string; value: string };

/** Each field's label, as leadFacts labels it, and how its value reads. */
const FIELDS: Record<string, [label: string, read: (value: never) => string]> = {
  name: ["Name", String],
  phone: ["Phone", String],
  email: ["Email", String],
  address: ["Address", String],
  message: ["Message", (value: string) => value || "(none)"],
  paneCount: ["Panes", paneRangeLabel],
  frequency: ["Plan", planName],
  ...Object.fromEntries(
    ADD_ONS.map(({ id, label }) => [
      `addOns.${id}`,
      [label, (chosen: boolean) => (chosen ? "yes" : "no")],
    ]),
  ),
  isPostConstruction: ["Post-construction", String],
  stories: ["Stories", storiesLabel],
  visitWindow: [
    "Visit window",
    (value: string) => {
      const [date, part] = value.split(" ");
      return `from ${formatCalendarDate(date!)}, ${partOfDayLabel(part as never).toLowerCase()}`;
    },
  ],
  totalPrice: ["First visit", formatUsd],
};

const read = (field: string, value: unknown) =>
  value === null ? "(none)" : (FIELDS[field]?.[1] ?? String)(value as never);

/**
 * The changes made after `sinceVersion` (the version the owner was last told of; null: every
 * change), one fact per field: its value before the first of them -> after the last. A field
 * changed and changed back is left out.
 */
export function changeFacts(changes: readonly Change[], sinceVersion: number | null): ChangeFact[] {
  const merged = new Map<string, [unknown, unknown]>();
  for (const change of changes) {
    if (sinceVersion !== null && change.version <= sinceVersion) continue;
    for (const [field, [from, to]] of Object.entries(change.fields)) {
      const earlier = merged.get(field);
      merged.set(field, [earlier ? earlier[0] : from, to]);
    }
  }
  return [...merged]
    .filter(([, [from, to]]) => JSON.stringify(from) !== JSON.stringify(to))
    .map(([field, [from, to]]) => ({
      label: FIELDS[field]?.[0] ?? field,
      value: `${read(field, from)} → ${read(field, to)}`,
    }));
}

/** Every change, one line each with its time (`when`): `leads show` and the CSV. */
export function changeLines(changes: readonly Change[], when: (iso: string) => string): string[] {
  return changes.map((change) => {
    const facts = changeFacts([change], null);
    return `${when(change.at)}: ${facts.map((fact) => `${fact.label} ${fact.value}`).join("; ")}`;
  });
}
