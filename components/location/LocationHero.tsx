import { Star } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { Container } from "@/components/ui/Container";
import { ServiceAreaCheck } from "@/components/service-area/ServiceAreaCheck";
import { LOCATION_BENEFITS } from "@/content/location-page";
import { locationPath, type Location } from "@/content/locations";
import { RATING_LABEL, REVIEWS_URL, SITE } from "@/content/site";
import type { Crumb } from "@/lib/seo/breadcrumbs";

/** City page hero (docs/pages.md, "City pages"): "Serving {city}, FL", an Instant Quote button to #contact and a call button. */
export function LocationHero({
  location,
  crumbs,
  coverage,
}: {
  location: Location;
  crumbs: readonly Crumb[];
  /** The nearest service cities we also work in (localBenefitText). */
  coverage: string;
}) {
  return (
    <section
      aria-labelledby="location-hero-heading"
      className="bg-gradient-to-br from-brand-900 to-brand-700 py-14 text-white sm:py-20"
    >
      <Container>
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-x-2 text-sm text-brand-100">
            {crumbs.map((crumb, index) => (
              <li key={crumb.path} className="flex items-center gap-2">
                {index > 0 ? <span aria-hidden="true">›</span> : null}
                {index === crumbs.length - 1 ? (
                  <span aria-current="page">{crumb.name}</span>
                ) : (
                  <a
                    href={crumb.path}
                    className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                  >
                    {crumb.name}
                  </a>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-4 max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-sun-300 uppercase">
            Window cleaning · {location.county} County
          </p>
          <h1
            id="location-hero-heading"
            className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            Serving {location.name}, {SITE.region.code}
          </h1>
          <p className="mt-5 text-lg text-pretty text-brand-100 sm:text-xl">{coverage}</p>
          <p className="mt-4 flex items-center gap-2 text-brand-100">
            <Icon icon={Star} className="size-5 fill-sun-400 text-sun-400" />
            {/* The rating links to where it is given, never to markup of its own (docs/pages.md). */}
            <a href={REVIEWS_URL} className="underline underline-offset-4 hover:text-white">
              {SITE.rating.value.toFixed(1)} rating from {RATING_LABEL}
            </a>
          </p>
        </div>
        <ul
          aria-label="Why us"
          className="mt-5 flex flex-wrap gap-x-6 gap-y-1 text-sm font-semibold text-sun-300"
        >
          {LOCATION_BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row">
          <ButtonLink href="#contact">Instant Quote</ButtonLink>
          <CallButton variant="onDark" />
        </div>
        <ServiceAreaCheck tone="dark" currentPath={locationPath(location)} className="mt-8" />
      </Container>
    </section>
  );
}
