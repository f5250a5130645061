import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { Section } from "@/components/ui/Section";
import { locationCtaCopy } from "@/content/location-page";
import type { Location } from "@/content/locations";

/** The call-to-action band between the services and the local text. */
export function LocationCta({ location }: { location: Location }) {
  const copy = locationCtaCopy(location.name);
  return (
    <Section id="get-started" title={copy.title} intro={copy.intro} tone="dark">
      <div className="flex flex-col items-center justify-center gap-4 sm:flex-row">
        <ButtonLink href="#contact">Instant Quote</ButtonLink>
        <CallButton variant="onDark" />
      </div>
    </Section>
  );
}
