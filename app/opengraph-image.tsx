import { SITE } from "@/content/site";
import { OG_CONTENT_TYPE, OG_SIZE, ogImage } from "@/lib/seo/og-image";

export const alt = `${SITE.brand}: ${SITE.tagline}`;
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;

export default function Image() {
  return ogImage(SITE.tagline);
}
