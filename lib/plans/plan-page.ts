import type { Metadata } from "next";
import { PLAN_PAGES } from "@/content/plan-pages";
import { PLANS, type Plan } from "@/content/plans";
import { PANE_RANGES, PRICE_TABLE, type PlanFrequency } from "@shared/content/pricing";
import { pageMetadata } from "@/lib/seo/metadata";

export function getPlan(frequency: PlanFrequency): Plan {
  const plan = PLANS.find((candidate) => candidate.frequency === frequency);
  if (!plan) throw new Error(`content/plans.ts has no ${frequency} plan`);
  return plan;
}

export function planPagePath(plan: Plan): string {
  return `/${plan.slug}`;
}

/** "Monthly Window Cleaning Plan": the page's h1-level name, its title and its Service name. */
export function planTitle(plan: Plan): string {
  return `${plan.name} Window Cleaning Plan`;
}

/** A plan's first visit across home sizes, from the price table: its lowest and highest price. */
export function firstVisitPriceRange(plan: Plan): { min: number; max: number } {
  const prices = PANE_RANGES.map((range) => PRICE_TABLE[range.id][plan.frequency]);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

export function planPageMetadata(frequency: PlanFrequency): Metadata {
  const plan = getPlan(frequency);
  return pageMetadata({
    title: planTitle(plan),
    description: PLAN_PAGES[frequency].metaDescription,
    path: planPagePath(plan),
  });
}
