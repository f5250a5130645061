import { CommunitiesByCounty } from "@/components/location/CommunitiesByCounty";
import { Section } from "@/components/ui/Section";
import { LOCATIONS_PAGE } from "@/content/locations-page";

/** #locations: every service city by county, as on the /locations hub. */
export function LocationsSection() {
  return (
    <Section
      id="locations"
      eyebrow={LOCATIONS_PAGE.eyebrow}
      title={LOCATIONS_PAGE.heading}
      intro={LOCATIONS_PAGE.intro}
    >
      <CommunitiesByCounty headingLevel="h3" />
    </Section>
  );
}
