import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { SITE } from "@/content/site";

/** The closing call to action of every article (docs/pages.md, "Articles"). */
export function ArticleCta() {
  return (
    <aside
      aria-labelledby="article-cta-heading"
      className="mt-16 rounded-3xl bg-brand-900 p-8 text-white sm:p-10"
    >
      <h2 id="article-cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Ready for streak-free windows?
      </h2>
      <p className="mt-3 text-lg text-brand-100">
        Get a free, no-obligation quote in minutes. We answer every request within{" "}
        {SITE.responseHours} hours.
      </p>
      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:flex-wrap">
        <ButtonLink href="/#contact">Get Free Quote</ButtonLink>
        <ButtonLink href="/#pricing" variant="onDark">
          View Plans &amp; Pricing
        </ButtonLink>
        <CallButton variant="onDark" />
      </div>
    </aside>
  );
}
