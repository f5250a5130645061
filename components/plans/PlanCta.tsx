import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { Section } from "@/components/ui/Section";
import type { Plan } from "@/content/plans";
import { SITE } from "@/content/site";

export function PlanCta({ plan }: { plan: Plan }) {
  return (
    <Section
      id="get-started"
      title={`Start your ${plan.name} plan`}
      intro={`Get a free, no-obligation quote for your home. We answer every request within ${SITE.responseHours} hours.`}
      tone="dark"
    >
      <div className="flex flex-col items-center justify-center gap-4 sm:flex-row">
        <ButtonLink href="/#contact">Get Free Quote</ButtonLink>
        <CallButton variant="onDark" />
      </div>
    </Section>
  );
}
