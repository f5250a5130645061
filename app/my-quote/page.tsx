import { AnotherQuoteLink } from "@/components/my-quote/AnotherQuoteLink";
import { SavedQuotePage } from "@/components/my-quote/SavedQuotePage";
import { CallButton } from "@/components/ui/CallButton";
import { Container } from "@/components/ui/Container";
import { SITE } from "@/content/site";
import { closedDaysToCarry } from "@/lib/quote/closed-days";
import { SAVED_QUOTE_PATH } from "@/lib/quote/saved-quote";
import { pageMetadata } from "@/lib/seo/metadata";

/**
 * The visitor's own quote (docs/pages.md, "Saved quote"): a static shell, filled in the browser
 * from the lead the link's fragment names. Private, so never indexed, never in the sitemap, and
 * sent with `Referrer-Policy: no-referrer` (next.config.ts).
 */
export const metadata = {
  ...pageMetadata({
    title: "Your saved quote",
    description: `Your ${SITE.shortName} window-cleaning quote: see it, change the plan and add-ons, and tell us when to come.`,
    path: SAVED_QUOTE_PATH,
  }),
  robots: { index: false, follow: false },
  referrer: "no-referrer" as const,
};

export default function MyQuotePage() {
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
        Your saved quote
      </h1>
      <div className="mt-8" data-saved-quote>
        {/* The holidays are dated here, at build: the library that dates them stays off the page. */}
        <SavedQuotePage closedDays={closedDaysToCarry(new Date())} />
      </div>
      <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-8 sm:flex-row">
        <AnotherQuoteLink />
        <CallButton />
      </div>
    </Container>
  );
}
