import { SITE, TEL_HREF } from "@/content/site";
import { Section } from "@/components/ui/Section";
import { WANTED_WHEN_NEAR } from "@/lib/scripts-on-demand";
import { EarlyContinue } from "./EarlyContinue";
import { QuoteCalculator } from "./QuoteCalculator";

/** The #contact section on the home page and every city page: the instant-quote calculator and a call link. */
export function QuoteSection({ cityName }: { cityName?: string }) {
  return (
    <Section
      id="contact"
      eyebrow="Instant quote"
      title={cityName ? `Get your free ${cityName} quote` : "Get your free quote"}
      intro={`We reply within ${SITE.responseHours} hours.`}
      tone="tint"
      // Always rendered: the toasts inside it are fixed to the screen, and it is where visitors act.
      skipWhenOffscreen={false}
    >
      <div className="mx-auto max-w-3xl">
        <noscript>
          <p
            role="note"
            className="mb-4 rounded-2xl bg-white p-4 text-center text-slate-800 ring-1 ring-slate-900/10"
          >
            Without JavaScript, call{" "}
            <a href={TEL_HREF} className="font-semibold whitespace-nowrap text-brand-800 underline">
              {SITE.phone.display}
            </a>{" "}
            for your quote.
          </p>
        </noscript>
        {/* The page's scripts load when the visitor heads here (docs/performance.md, "Scripts when
            wanted"). Without scripts at all it is not shown: its cards could be tapped above a
            Continue that never answers. */}
        <div {...WANTED_WHEN_NEAR} className="noscript:hidden">
          <QuoteCalculator />
        </div>
        <EarlyContinue />
        <p className="mt-6 text-center text-slate-700">
          Prefer to talk?{" "}
          <a
            href={TEL_HREF}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
          >
            Call {SITE.phone.display}
          </a>
        </p>
      </div>
    </Section>
  );
}
