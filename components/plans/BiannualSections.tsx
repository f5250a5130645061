import { Section } from "@/components/ui/Section";
import { BIANNUAL_PROPERTY_TYPES, BIANNUAL_VISITS } from "@/content/plan-pages";
import { InfoCardGrid } from "./InfoCardGrid";

/** The Bi-Annual page's spring/fall service and property-type sections (docs/pages.md, "Plan pages"). */
export function BiannualSections() {
  return (
    <>
      <Section
        id="spring-fall"
        eyebrow="Spring and fall"
        title="Two visits, well timed"
        tone="tint"
      >
        <div className="mx-auto max-w-4xl">
          <InfoCardGrid cards={BIANNUAL_VISITS} columns={2} />
        </div>
      </Section>
      <Section id="property-types" eyebrow="Who it suits" title="Made for every kind of property">
        <InfoCardGrid cards={BIANNUAL_PROPERTY_TYPES} columns={2} />
      </Section>
    </>
  );
}
