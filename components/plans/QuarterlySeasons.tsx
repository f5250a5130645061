import { QUARTERLY_SEASONS_SECTION } from "@/content/plan-pages";
import { InfoCardSection } from "./InfoCardGrid";

export function QuarterlySeasons() {
  return <InfoCardSection section={QUARTERLY_SEASONS_SECTION} />;
}
