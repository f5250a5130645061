import { PLAN_GUARANTEES_SECTION } from "@/content/plan-pages";
import { InfoCardSection } from "./InfoCardGrid";

export function PlanGuarantees() {
  return <InfoCardSection section={PLAN_GUARANTEES_SECTION} />;
}
