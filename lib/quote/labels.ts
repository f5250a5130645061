import {
  FUTURE_VISIT_DISCOUNT_PERCENT,
  type Frequency,
  type PaneRange,
  formatUsd,
  planDiscount,
} from "@shared/content/pricing";
import { PLANS } from "@/content/plans";
import type { PartOfDay, PostConstruction, Stories } from "@shared/quote/choices";

/** How the calculator, the result view, the lead command and the CRM payload name each choice. */

export type PlanOption = {
  frequency: Frequency;
  name: string;
  /** The first-visit offer, computed from the price table ("$150 off"); none for a one-time clean. */
  offer: string | null;
  details: readonly string[];
  popular: boolean;
};

/** Under every estimate: the result view and the visitor's confirmation e-mail. */
export const ESTIMATE_NOTE =
  "This is an estimated quote. Final pricing may vary based on specific requirements and site inspection.";

export const FUTURE_VISITS_BANNER = `${FUTURE_VISIT_DISCOUNT_PERCENT}% off all future visits`;

export const PLAN_OPTIONS: readonly PlanOption[] = [
  {
    frequency: "initial",
    name: "Initial Clean",
    offer: null,
    details: ["One-time deep clean"],
    popular: false,
  },
  ...PLANS.map((plan) => ({
    frequency: plan.frequency,
    name: plan.name,
    offer: `${formatUsd(planDiscount(plan.frequency))} off`,
    details: [plan.cadence, `${FUTURE_VISIT_DISCOUNT_PERCENT}% off future visits`],
    popular: plan.isPopular,
  })),
];

export function planName(frequency: Frequency): string {
  return PLAN_OPTIONS.find((option) => option.frequency === frequency)?.name ?? frequency;
}

export function paneRangeLabel(range: PaneRange): string {
  return `${range} panes`;
}

export const STORY_OPTIONS: readonly { value: Stories; label: string }[] = [
  { value: "1", label: "1 story" },
  { value: "2", label: "2 stories" },
  { value: "3", label: "3 stories" },
  { value: "4+", label: "4+ stories" },
];

export function storiesLabel(stories: Stories): string {
  return STORY_OPTIONS.find((option) => option.value === stories)?.label ?? stories;
}

export const POST_CONSTRUCTION_OPTIONS: readonly {
  value: PostConstruction;
  label: string;
  description: string;
}[] = [
  {
    value: "yes",
    label: "Yes",
    description: "New build or renovation: paint, stickers or construction dust",
  },
  { value: "no", label: "No", description: "Regular window cleaning" },
];

export const PART_OF_DAY_OPTIONS: readonly { value: PartOfDay; label: string }[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

export function partOfDayLabel(part: PartOfDay): string {
  return PART_OF_DAY_OPTIONS.find((option) => option.value === part)?.label ?? part;
}
