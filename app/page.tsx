import { GuaranteeSection } from "@/components/home/GuaranteeSection";
import { Hero } from "@/components/home/Hero";
import { LocationsSection } from "@/components/home/LocationsSection";
import { PlansSection } from "@/components/home/PlansSection";
import { ReviewsSection } from "@/components/home/ReviewsSection";
import { ServicesSection } from "@/components/home/ServicesSection";
import { TeamSection } from "@/components/home/TeamSection";
import { TechniquesSection } from "@/components/home/TechniquesSection";
import { SamePageLinksCloseMenus } from "@/components/layout/SamePageLinksCloseMenus";
import { QuoteSection } from "@/components/quote/QuoteSection";
import { JsonLd } from "@/components/seo/JsonLd";
import { SERVICE_AREA_LABEL } from "@/content/locations";
import { RATING_LABEL, SITE } from "@/content/site";
import { homeJsonLd } from "@/lib/seo/home";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata = pageMetadata({
  title: `Window Cleaning Tampa Bay | ${SITE.brand}`,
  description: `Streak-free home and business window cleaning in ${SERVICE_AREA_LABEL}. Licensed & insured, ${RATING_LABEL}, free same-day quotes. Call ${SITE.phone.display}.`,
  path: "/",
  absoluteTitle: true,
});

/** Home: the sections of docs/pages.md, "Home page", in order; header and footer come from the root layout. */
export default function HomePage() {
  return (
    <>
      <JsonLd data={homeJsonLd()} />
      <SamePageLinksCloseMenus />
      <Hero />
      <ServicesSection />
      <TechniquesSection />
      <GuaranteeSection />
      <TeamSection />
      <ReviewsSection />
      <PlansSection />
      <LocationsSection />
      <QuoteSection />
    </>
  );
}
