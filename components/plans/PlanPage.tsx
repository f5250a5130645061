import type { ComponentType } from "react";
import { PageJsonLd } from "@/components/seo/PageJsonLd";
import type { PlanFrequency } from "@shared/content/pricing";
import { getPlan, planPagePath, planTitle } from "@/lib/plans/plan-page";
import { planServiceJsonLd } from "@/lib/seo/service";
import { BiannualSections } from "./BiannualSections";
import { MonthlyFaq } from "./MonthlyFaq";
import { PlanBenefits } from "./PlanBenefits";
import { PlanComparison } from "./PlanComparison";
import { PlanCta } from "./PlanCta";
import { PlanGuarantees } from "./PlanGuarantees";
import { PlanHero } from "./PlanHero";
import { QuarterlySeasons } from "./QuarterlySeasons";
import { SavingsBanner } from "./SavingsBanner";

/** Each plan page's own section, between its benefits and the guarantees. */
const PLAN_SECTIONS = {
  monthly: MonthlyFaq,
  quarterly: QuarterlySeasons,
  biannual: BiannualSections,
} satisfies Record<PlanFrequency, ComponentType>;

/** One plan landing page: the shared sections around the plan's own (FAQ, seasons, spring/fall). */
export function PlanPage({ frequency }: { frequency: PlanFrequency }) {
  const plan = getPlan(frequency);
  const PlanSection = PLAN_SECTIONS[frequency];
  return (
    <>
      <PageJsonLd
        data={planServiceJsonLd(plan)}
        trail={[{ name: planTitle(plan), path: planPagePath(plan) }]}
      />
      <PlanHero plan={plan} />
      <SavingsBanner plan={plan} />
      <PlanBenefits plan={plan} />
      <PlanSection />
      <PlanGuarantees />
      <PlanComparison current={frequency} />
      <PlanCta plan={plan} />
    </>
  );
}
