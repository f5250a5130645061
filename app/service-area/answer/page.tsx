import { ServedZipList } from "@/components/service-area/ServedZipList";
import { ZipAnswer, zipAnswerTitle, zipShownFor } from "@/components/service-area/ZipAnswer";
import { SERVICE_AREA_PAGE } from "@/content/service-area-page";
import { pageMetadata } from "@/lib/seo/metadata";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";

/**
 * `/service-area?zip=…` (docs/pages.md, "Service area"): the ZIP field's answer, rendered by the
 * server for each request (next.config.ts rewrites the address here), above the list of the ZIP codes
 * we serve. Not indexed: the list's own page is the one to find.
 */
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The field's value as sent; a repeated `zip` is read as its first. */
async function sentZip(searchParams: Props["searchParams"]): Promise<string> {
  const { zip } = await searchParams;
  return (Array.isArray(zip) ? zip[0] : zip) ?? "";
}

export async function generateMetadata({ searchParams }: Props) {
  return {
    ...pageMetadata({
      title: zipAnswerTitle(zipShownFor(await sentZip(searchParams))),
      description: SERVICE_AREA_PAGE.metaDescription,
      path: SERVICE_AREA_PATH,
    }),
    robots: { index: false, follow: true },
  };
}

export default async function ZipAnswerPage({ searchParams }: Props) {
  return <ServedZipList answer={<ZipAnswer value={await sentZip(searchParams)} />} />;
}
