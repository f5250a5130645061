import { LocationsHub } from "@/components/location/LocationsHub";
import { LOCATIONS_CRUMB, PageJsonLd } from "@/components/seo/PageJsonLd";
import { LOCATIONS_PAGE } from "@/content/locations-page";
import { LOCATIONS_LINK } from "@/content/navigation";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata = pageMetadata({
  title: LOCATIONS_PAGE.title,
  description: LOCATIONS_PAGE.metaDescription,
  path: LOCATIONS_LINK.href,
});

/** Every community we serve, by county with the map; each city page's breadcrumb leads here. */
export default function LocationsPage() {
  return (
    <>
      <PageJsonLd trail={[LOCATIONS_CRUMB]} />
      <LocationsHub />
    </>
  );
}
