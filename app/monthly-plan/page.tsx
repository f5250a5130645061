import { PlanPage } from "@/components/plans/PlanPage";
import { planPageMetadata } from "@/lib/plans/plan-page";

export const metadata = planPageMetadata("monthly");

export default function MonthlyPlanPage() {
  return <PlanPage frequency="monthly" />;
}
