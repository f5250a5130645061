import type { Metadata } from "next";
import { PLAN_PAGES } from "@/content/plan-pages";
import { PLANS, type Plan } from "@/content/plans";
import type { PlanFrequency } from "@/content/pricing";
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

export function planPageMetadata(frequency: PlanFrequency): Metadata {
  const plan = getPlan(frequency);
  return pageMetadata({
    title: planTitle(plan),
    description: PLAN_PAGES[frequency].metaDescription,
    path: planPagePath(plan),
  });
}
