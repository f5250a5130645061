import { notFound } from "next/navigation";
import { getLocation, LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import { OG_CONTENT_TYPE, OG_SIZE, ogImage } from "@/lib/seo/og-image";

export const alt = `Window cleaning by ${SITE.brand}`;
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;
export const dynamicParams = false;

export function generateStaticParams() {
  return LOCATIONS.map((location) => ({ slug: location.slug }));
}

/** "Window Cleaning in {city}, FL" with the brand, one per city, rendered at build. */
export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const location = getLocation((await params).slug);
  if (!location) notFound();
  return ogImage(`Window Cleaning in ${location.name}, ${SITE.region.code}`);
}
