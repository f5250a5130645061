import { PlanPage } from "@/components/plans/PlanPage";
import { planPageMetadata } from "@/lib/plans/plan-page";

export const metadata = planPageMetadata("biannual");

export default function BiannualPlanPage() {
  return <PlanPage frequency="biannual" />;
}
