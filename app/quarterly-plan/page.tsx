import { PlanPage } from "@/components/plans/PlanPage";
import { planPageMetadata } from "@/lib/plans/plan-page";

export const metadata = planPageMetadata("quarterly");

export default function QuarterlyPlanPage() {
  return <PlanPage frequency="quarterly" />;
}
