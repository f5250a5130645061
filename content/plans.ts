import {
  FUTURE_VISIT_DISCOUNT_PERCENT,
  type PlanFrequency,
  formatUsd,
  maxYearlySaving,
} from "@shared/content/pricing";
import { SITE } from "@/content/site";

/** The plans (docs/pricing.md, "Plans"). Dollar discounts are not typed here: they are computed from the price table. */
export type Plan = {
  frequency: PlanFrequency;
  name: string;
  slug: `${PlanFrequency}-plan`;
  cadence: string;
  description: string;
  cleaningsPerYear: number;
  isPopular: boolean;
  features: readonly string[];
};

export const PLANS = [
  {
    frequency: "monthly",
    name: "Monthly",
    slug: "monthly-plan",
    cadence: "Every month",
    description: "Set-and-forget sparkle for homes that want spotless glass all year.",
    cleaningsPerYear: 12,
    isPopular: false,
    features: ["Set-and-forget priority scheduling", "Cancel anytime"],
  },
  {
    frequency: "quarterly",
    name: "Quarterly",
    slug: "quarterly-plan",
    cadence: "Every 3 months",
    description: "One visit a season, timed to Tampa Bay's pollen, storms and lovebugs.",
    cleaningsPerYear: 4,
    isPopular: true,
    features: ["Priority, flexible scheduling"],
  },
  {
    frequency: "biannual",
    name: "Bi-Annual",
    slug: "biannual-plan",
    cadence: "Twice per year",
    description: "A spring and a fall clean to keep your windows clear between seasons.",
    cleaningsPerYear: 2,
    isPopular: false,
    features: ["Twice-yearly service, spring and fall"],
  },
] as const satisfies readonly Plan[];

/** The most the plan saves in a year, as "$1,844", for copy that says "up to" (docs/decisions.md). */
export function maxYearlySavingUsd(plan: Pick<Plan, "frequency" | "cleaningsPerYear">): string {
  return formatUsd(maxYearlySaving(plan.frequency, plan.cleaningsPerYear));
}

/** Benefits every plan shares (docs/pricing.md, "Plans"). */
export const PLAN_SHARED_BENEFITS = [
  `${FUTURE_VISIT_DISCOUNT_PERCENT}% off all future visits`,
  `${SITE.rainGuaranteeDays}-day rain guarantee`,
  `Free hard water removal (${SITE.freeHardWaterValue} value)`,
] as const;
