import { notFound } from "next/navigation";
import { LocationDetails } from "@/components/location/LocationDetails";
import { LocationHero } from "@/components/location/LocationHero";
import { LocationServices } from "@/components/location/LocationServices";
import { LocalProof } from "@/components/location/LocalProof";
import { QuoteSection } from "@/components/quote/QuoteSection";
import { HOME_CRUMB, LOCATIONS_CRUMB, PageJsonLd } from "@/components/seo/PageJsonLd";
import { localBenefitText } from "@/content/location-page";
import { getLocation, LOCATIONS, locationPath, type Location } from "@/content/locations";
import { cityCopy } from "@/lib/locations/city-copy";
import { localProofOf } from "@/lib/locations/local-proof";
import type { Crumb } from "@/lib/seo/breadcrumbs";
import { cityPageJsonLd } from "@/lib/seo/city-page";
import { locationDescription, locationMetadata } from "@/lib/seo/location-metadata";

type Props = { params: Promise<{ slug: string }> };

/** One prerendered page per city; any other slug is the not-found page. */
export const dynamicParams = false;

export function generateStaticParams() {
  return LOCATIONS.map((location) => ({ slug: location.slug }));
}

async function locationFor(params: Props["params"]): Promise<Location> {
  const location = getLocation((await params).slug);
  if (!location) notFound();
  return location;
}

export async function generateMetadata({ params }: Props) {
  return locationMetadata(await locationFor(params));
}

/** Home › Locations (the hub) › the city. */
const trailTo = (location: Location): Crumb[] => [
  LOCATIONS_CRUMB,
  { name: location.name, path: locationPath(location) },
];

export default async function LocationPage({ params }: Props) {
  const location = await locationFor(params);
  const trail = trailTo(location);
  const copy = cityCopy(location);
  return (
    <>
      <PageJsonLd data={cityPageJsonLd(location, locationDescription(location))} trail={trail} />
      <LocationHero
        location={location}
        crumbs={[HOME_CRUMB, ...trail]}
        coverage={localBenefitText(location.county, copy.localNeighbours)}
      />
      <LocationServices location={location} business={copy.business} />
      <LocationDetails location={location} copy={copy} />
      <LocalProof location={location} entries={localProofOf(location.slug)} />
      <QuoteSection cityName={location.name} />
    </>
  );
}
