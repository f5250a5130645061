import type { Metadata } from "next";
import { SITE } from "@/content/site";
import { siteUrl } from "@/lib/site-url";

type PageMetadataInput = {
  /** The page's own title; the root layout's template adds the brand unless `absoluteTitle` is set. */
  title: string;
  description: string;
  path: string;
  absoluteTitle?: boolean;
  other?: Metadata["other"];
};

/** One builder for every page: canonical, Open Graph and Twitter fields from the one site URL. */
export function pageMetadata({
  title,
  description,
  path,
  absoluteTitle = false,
  other,
}: PageMetadataInput): Metadata {
  const fullTitle = absoluteTitle ? title : `${title} | ${SITE.shortName}`;
  const url = siteUrl(path);
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      url,
      title: fullTitle,
      description,
      siteName: SITE.brand,
      locale: "en_US",
    },
    twitter: { card: "summary_large_image", title: fullTitle, description },
    other,
  };
}
