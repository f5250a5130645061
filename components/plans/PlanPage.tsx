import type { ReactNode } from "react";
import { JsonLd } from "@/components/seo/JsonLd";
import type { PlanFrequency } from "@/content/pricing";
import { getPlan, planPagePath, planTitle } from "@/lib/plans/plan-page";
import { breadcrumbJsonLd } from "@/lib/seo/breadcrumbs";
import { planServiceJsonLd } from "@/lib/seo/service";
import { PlanBenefits } from "./PlanBenefits";
import { PlanComparison } from "./PlanComparison";
import { PlanCta } from "./PlanCta";
import { PlanGuarantees } from "./PlanGuarantees";
import { PlanHero } from "./PlanHero";
import { SavingsBanner } from "./SavingsBanner";

/** One plan landing page; `children` is the plan's own section (FAQ, seasons, spring/fall). */
export function PlanPage({
  frequency,
  children,
}: {
  frequency: PlanFrequency;
  children: ReactNode;
}) {
  const plan = getPlan(frequency);
  return (
    <>
      <JsonLd
        data={[
          planServiceJsonLd(plan),
          breadcrumbJsonLd([
            { name: "Home", path: "/" },
            { name: planTitle(plan), path: planPagePath(plan) },
          ]),
        ]}
      />
      <PlanHero plan={plan} />
      <SavingsBanner plan={plan} />
      <PlanBenefits plan={plan} />
      {children}
      <PlanGuarantees />
      <PlanComparison current={frequency} />
      <PlanCta plan={plan} />
    </>
  );
}
