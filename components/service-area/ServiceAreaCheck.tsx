import { SITE, TEL_HREF } from "@/content/site";
import { WANTED_WHEN_TOUCHED } from "@/lib/scripts-on-demand";
import { ZipCheck, type ZipCheckProps } from "./ZipCheck";

/** The hero's ZIP check (docs/pages.md, "Service area check"), given the business's facts as props. */
export function ServiceAreaCheck({
  tone,
  currentPath,
  className = "",
}: Pick<ZipCheckProps, "tone" | "currentPath"> & { className?: string }) {
  return (
    // Touched, typed or focused in, it starts the page's scripts (docs/performance.md, "Scripts when wanted").
    <div className={className} {...WANTED_WHEN_TOUCHED}>
      <ZipCheck
        tone={tone}
        currentPath={currentPath}
        homeState={SITE.region.code}
        phone={{ display: SITE.phone.display, href: TEL_HREF }}
        quoteHref="#contact"
      />
    </div>
  );
}
