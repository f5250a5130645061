import { CommunitiesByCounty } from "@/components/location/CommunitiesByCounty";
import { CountyQuestions } from "@/components/location/CountyQuestions";
import { DataSources } from "@/components/location/SourceList";
import { Container } from "@/components/ui/Container";
import { PageTitle } from "@/components/ui/PageTitle";
import { LOCATIONS_PAGE } from "@/content/locations-page";
import { citySource, DATA_SOURCE_IDS } from "@/lib/locations/sources";
import { zipDataSource } from "@/lib/service-area/zip-data";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";

/**
 * /locations (docs/pages.md, "Locations"): the hub of every community, by county with the map. The
 * ZIP codes stay on /service-area, linked here, so no place is listed twice.
 */
export function LocationsHub() {
  return (
    <>
      <div className="bg-brand-50 py-14 sm:py-20">
        <Container>
          <PageTitle eyebrow={LOCATIONS_PAGE.eyebrow} title={LOCATIONS_PAGE.heading} />
          <p className="mt-5 max-w-3xl text-lg text-pretty text-slate-700">
            {LOCATIONS_PAGE.intro} Looking for your ZIP code instead?{" "}
            <a
              href={SERVICE_AREA_PATH}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Every ZIP code we serve
            </a>{" "}
            is listed under its town.
          </p>
        </Container>
      </div>
      <Container className="py-14 sm:py-20">
        <CommunitiesByCounty headingLevel="h2" coverage />
        <CountyQuestions />
        <DataSources
          sources={DATA_SOURCE_IDS.map((id) =>
            id === "zips"
              ? { ...citySource(id), corrections: zipDataSource().corrections }
              : citySource(id),
          )}
        />
      </Container>
    </>
  );
}
