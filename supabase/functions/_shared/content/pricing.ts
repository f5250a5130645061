/** The one price table (docs/pricing.md). Every price a visitor or the server sees is read from here. */
export const PANE_RANGES = [
  { id: "0-25", description: "Small to average home" },
  { id: "26-40", description: "Medium home" },
  { id: "41-60", description: "Large home" },
  { id: "61-80", description: "Very large home" },
  { id: "81-100", description: "Estate or commercial" },
] as const;

export type PaneRange = (typeof PANE_RANGES)[number]["id"];

export const FREQUENCIES = ["initial", "monthly", "quarterly", "biannual"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export type PlanFrequency = Exclude<Frequency, "initial">;

/** First-visit price in whole US dollars, by pane range and plan. */
export const PRICE_TABLE = {
  "0-25": { initial: 275, monthly: 125, quarterly: 175, biannual: 225 },
  "26-40": { initial: 295, monthly: 145, quarterly: 195, biannual: 245 },
  "41-60": { initial: 395, monthly: 245, quarterly: 295, biannual: 345 },
  "61-80": { initial: 495, monthly: 345, quarterly: 395, biannual: 445 },
  "81-100": { initial: 595, monthly: 445, quarterly: 495, biannual: 545 },
} as const satisfies Record<PaneRange, Record<Frequency, number>>;

export const ADD_ONS = [
  { id: "interior", label: "Interior Cleaning", description: "Clean both sides", price: 100 },
  {
    id: "screens",
    label: "Screen Cleaning",
    description: "Screens washed and refitted",
    price: 25,
  },
  { id: "tracks", label: "Track Cleaning", description: "Sills and tracks wiped out", price: 50 },
] as const;

export type AddOnId = (typeof ADD_ONS)[number]["id"];

/** How long a quote's price is honoured, counted from the request (docs/pricing.md, "Price lock"). */
export const PRICE_LOCK_DAYS = 30;

/** Every plan visit after the first. */
export const FUTURE_VISIT_DISCOUNT_PERCENT = 20;

/** A plan's first-visit price for a range: today's, or a locked quote's (../quote/pricing.ts, planPrice). */
export type PlanPrice = (range: PaneRange, frequency: Frequency) => number;

const todaysPlanPrice: PlanPrice = (range, frequency) => PRICE_TABLE[range][frequency];

/** First-visit saving = initial price for the range − the chosen plan's price for the range. */
export function firstVisitSaving(
  range: PaneRange,
  frequency: Frequency,
  price: PlanPrice = todaysPlanPrice,
): number {
  return price(range, "initial") - price(range, frequency);
}

/**
 * A plan's first-visit discount in dollars, as copy states it ("$150 off").
 * The table gives the same saving for every range; if an edit breaks that, the smallest is shown
 * so the copy never over-promises.
 */
export function planDiscount(frequency: PlanFrequency): number {
  return Math.min(...PANE_RANGES.map((range) => firstVisitSaving(range.id, frequency)));
}

/**
 * The most a plan saves in a year, stated as "up to" (docs/decisions.md, "How savings are stated"):
 * the first-visit saving plus FUTURE_VISIT_DISCOUNT_PERCENT of the one-time price on each later
 * visit of the year, for the home size with every add-on that saves the most. Rounded down, so the
 * copy never over-promises.
 */
export function maxYearlySaving(frequency: PlanFrequency, visitsPerYear: number): number {
  const allAddOns = ADD_ONS.reduce((total, addOn) => total + addOn.price, 0);
  const yearly = PANE_RANGES.map(({ id }) => {
    const oneTimePrice = PRICE_TABLE[id].initial + allAddOns;
    const laterVisits = (oneTimePrice * FUTURE_VISIT_DISCOUNT_PERCENT * (visitsPerYear - 1)) / 100;
    return firstVisitSaving(id, frequency) + laterVisits;
  });
  return Math.floor(Math.max(...yearly));
}

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}
