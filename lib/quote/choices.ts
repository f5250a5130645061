import { PANE_RANGES, type PaneRange } from "@/content/pricing";

/** The calculator's fixed answers. Zod-free, so the calculator's first load does not carry the schema. */

/** The contact step's fields, in docs/calculator.md's validation order (the first failing one's message is shown). */
export const CONTACT_FIELDS = ["name", "email", "phone", "address", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const STORIES = ["1", "2", "3", "4+"] as const;
export type Stories = (typeof STORIES)[number];

export const POST_CONSTRUCTION_ANSWERS = ["yes", "no"] as const;
export type PostConstruction = (typeof POST_CONSTRUCTION_ANSWERS)[number];

function nonEmptyTuple<T>(items: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error("A list of choices needs at least one value.");
  return [first, ...rest];
}

export const PANE_RANGE_IDS: [PaneRange, ...PaneRange[]] = nonEmptyTuple(
  PANE_RANGES.map((range) => range.id),
);
