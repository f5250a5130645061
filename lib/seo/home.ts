import type { Thing, WithContext } from "schema-dts";
import { HOME_FAQS } from "@/content/faqs";
import { breadcrumbJsonLd } from "./breadcrumbs";
import { faqPageJsonLd } from "./faq";
import { homeLocalBusinessJsonLd } from "./local-business";
import { websiteJsonLd } from "./website";

/** The home page's structured data (docs/pages.md, "Home page"): the business, the FAQs it shows, the site, its crumb. */
export function homeJsonLd(): WithContext<Thing>[] {
  return [
    homeLocalBusinessJsonLd(),
    faqPageJsonLd(HOME_FAQS),
    websiteJsonLd(),
    breadcrumbJsonLd([{ name: "Home", path: "/" }]),
  ];
}
