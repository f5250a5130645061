import { ADD_ONS, type Frequency } from "@shared/content/pricing";
import type { AddOnSelection } from "@shared/quote/pricing";
import type { SavedQuote } from "@/lib/quote/saved-quote";

/** The plan and add-ons the saved-quote page shows and lets the visitor change. */
export type Selection = { frequency: Frequency; addOns: AddOnSelection };

/**
 * What one tap changes, and all that is sent for it (docs/pages.md, "Saved quote"): the plan, or
 * one add-on. What the page shows of the rest may be older than the server's.
 */
export type SelectionChange = { frequency: Frequency } | { addOns: Partial<AddOnSelection> };

export const selectionOf = (quote: SavedQuote): Selection => ({
  frequency: quote.frequency,
  addOns: quote.addOns,
});

/** `selection` with `changes` made on it, in order. */
export function withChanges(selection: Selection, changes: readonly SelectionChange[]): Selection {
  return changes.reduce<Selection>(
    (current, change) =>
      "frequency" in change
        ? { ...current, frequency: change.frequency }
        : { ...current, addOns: { ...current.addOns, ...change.addOns } },
    selection,
  );
}

export const sameSelection = (a: Selection, b: Selection): boolean =>
  a.frequency === b.frequency && ADD_ONS.every(({ id }) => a.addOns[id] === b.addOns[id]);
