import { ServedZipList } from "@/components/service-area/ServedZipList";
import { PageJsonLd } from "@/components/seo/PageJsonLd";
import { SERVICE_AREA_PAGE } from "@/content/service-area-page";
import { pageMetadata } from "@/lib/seo/metadata";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";

export const metadata = pageMetadata({
  title: SERVICE_AREA_PAGE.title,
  description: SERVICE_AREA_PAGE.metaDescription,
  path: SERVICE_AREA_PATH,
});

/** Every ZIP code we serve, by city: the ZIP check without JavaScript (docs/pages.md, "Service area"). */
export default function ServiceAreaPage() {
  return (
    <>
      <PageJsonLd trail={[{ name: SERVICE_AREA_PAGE.title, path: SERVICE_AREA_PATH }]} />
      <ServedZipList />
    </>
  );
}
