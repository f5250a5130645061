import Mail from "lucide-react/icons/mail";
import { MAILTO_HREF, SITE } from "@/content/site";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { Section } from "@/components/ui/Section";

/**
 * The #contact section on the home page and every city page. The instant-quote calculator goes
 * here (quote issue); until then, a clear call / e-mail block and no fake form.
 */
export function QuoteSection({ cityName }: { cityName?: string }) {
  return (
    <Section
      id="contact"
      eyebrow="Instant quote"
      title={cityName ? `Get your free ${cityName} quote` : "Get your free quote"}
      intro={`Free, no-obligation quotes. We answer every request within ${SITE.responseHours} hours.`}
      tone="tint"
    >
      <div className="flex flex-col items-center justify-center gap-4 sm:flex-row">
        <CallButton />
        <ButtonLink href={MAILTO_HREF} variant="outline">
          <Mail aria-hidden="true" className="size-5" />
          <span>{SITE.email}</span>
        </ButtonLink>
      </div>
    </Section>
  );
}
