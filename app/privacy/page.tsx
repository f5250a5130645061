import { PrivacyNotice } from "@/components/privacy/PrivacyNotice";
import { PageJsonLd } from "@/components/seo/PageJsonLd";
import { PRIVACY_PAGE } from "@/content/privacy";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata = pageMetadata({
  title: PRIVACY_PAGE.title,
  description: PRIVACY_PAGE.metaDescription,
  path: PRIVACY_PAGE.path,
});

/** What the site collects and keeps, and how to have it erased (docs/pages.md, "Privacy"). */
export default function PrivacyPage() {
  return (
    <>
      <PageJsonLd trail={[{ name: PRIVACY_PAGE.title, path: PRIVACY_PAGE.path }]} />
      <PrivacyNotice />
    </>
  );
}
