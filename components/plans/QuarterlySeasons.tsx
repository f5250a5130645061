import { Section } from "@/components/ui/Section";
import { TAMPA_BAY_SEASONS } from "@/content/plan-pages";
import { InfoCardGrid } from "./InfoCardGrid";

export function QuarterlySeasons() {
  return (
    <Section
      id="seasons"
      eyebrow="Timed to the seasons"
      title="Four visits for Tampa Bay's year"
      intro="Every season leaves its own mark on your glass. A visit every three months clears each one before it sets in."
      tone="tint"
    >
      <InfoCardGrid cards={TAMPA_BAY_SEASONS} />
    </Section>
  );
}
