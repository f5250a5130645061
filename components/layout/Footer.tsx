import { Mail, MapPinned, Phone } from "lucide";
import { Icon } from "@/components/ui/Icon";
import type { ReactNode } from "react";
import { Container } from "@/components/ui/Container";
import {
  FOOTER_CITY_COUNT,
  LOCATIONS,
  SERVICE_AREA_LABEL,
  SERVICE_COUNTIES_LABEL,
} from "@/content/locations";
import { FOOTER_LINKS } from "@/content/navigation";
import { MAILTO_HREF, SITE, TEL_HREF, type SocialProfile } from "@/content/site";
import { openingHoursRows } from "@/lib/opening-hours";
import { SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";
import { LinkItems, cityLinks } from "./LinkItems";
import { Logo } from "./Logo";
import { SocialIcon } from "./SocialIcon";

const footerLinkClass =
  "inline-flex min-h-11 items-center text-brand-100 hover:text-white hover:underline sm:min-h-9";

function ContactTile({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4 rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sun-400 text-slate-900">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold tracking-wide text-sun-300 uppercase">{title}</p>
        <div className="mt-1 text-white">{children}</div>
      </div>
    </div>
  );
}

const socialClass = "flex size-11 items-center justify-center rounded-full bg-white/10 text-white";

/**
 * A social profile's icon: a link to the page once content/site.ts has its address; until then a
 * named icon that says so, never a link that goes nowhere (docs/pages.md, "Footer").
 */
function SocialProfileLink({ profile }: { profile: SocialProfile }) {
  const name = `${SITE.shortName} on ${profile.name}`;
  if (!profile.href) {
    return (
      <span
        role="img"
        aria-label={`${name}: coming soon`}
        title={`${name}: coming soon`}
        className={socialClass}
      >
        <SocialIcon name={profile.name} />
      </span>
    );
  }
  return (
    <a href={profile.href} aria-label={name} className={`${socialClass} hover:bg-white/20`}>
      <SocialIcon name={profile.name} />
    </a>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </div>
  );
}

/** Site footer (docs/pages.md, "Footer"): contact tiles, section links, the first cities, hours, social placeholders. */
export function Footer() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      <Container className="py-12 sm:py-16">
        <div className="grid gap-4 md:grid-cols-3">
          <ContactTile icon={<Icon icon={Phone} className="size-5" />} title="Call us">
            <a
              href={TEL_HREF}
              className="inline-flex min-h-11 items-center text-lg font-semibold hover:underline"
            >
              {SITE.phone.display}
            </a>
          </ContactTile>
          <ContactTile icon={<Icon icon={Mail} className="size-5" />} title="Email us">
            <a
              href={MAILTO_HREF}
              className="inline-flex min-h-11 items-center font-semibold break-all hover:underline"
            >
              {SITE.email}
            </a>
          </ContactTile>
          <ContactTile icon={<Icon icon={MapPinned} className="size-5" />} title="Service area">
            <p className="pt-2.5 font-semibold">
              {SERVICE_AREA_LABEL} in {SERVICE_COUNTIES_LABEL}
            </p>
            <a
              href={SERVICE_AREA_PATH}
              className="inline-flex min-h-11 items-center text-brand-100 underline underline-offset-4 hover:text-white"
            >
              Every ZIP code we serve
            </a>
          </ContactTile>
        </div>

        <div className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1.4fr_1fr]">
          <div>
            <Logo tone="dark" />
            <p className="mt-4 max-w-xs text-sm">{SITE.description}</p>
            <ul className="mt-5 flex gap-3" aria-label="Social media">
              {SITE.social.map((profile) => (
                <li key={profile.name}>
                  <SocialProfileLink profile={profile} />
                </li>
              ))}
            </ul>
          </div>

          <FooterColumn title="Explore">
            <ul>
              <LinkItems links={FOOTER_LINKS} className={footerLinkClass} />
            </ul>
          </FooterColumn>

          <FooterColumn title="Service areas">
            <ul className="grid grid-cols-2 gap-x-4">
              <LinkItems
                links={cityLinks(LOCATIONS.slice(0, FOOTER_CITY_COUNT))}
                className={footerLinkClass}
              />
            </ul>
          </FooterColumn>

          <FooterColumn title="Opening hours">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {openingHoursRows().map((row) => (
                <div key={row.days} className="contents">
                  <dt className="font-semibold text-white">{row.days}</dt>
                  <dd>{row.hours}</dd>
                </div>
              ))}
            </dl>
          </FooterColumn>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-white/15 pt-6 text-sm sm:flex-row sm:justify-between">
          <p>
            © {SITE.foundedYear}–{new Date().getFullYear()} {SITE.brand}. All rights reserved.
          </p>
          <p>Licensed and insured · Founded {SITE.foundedYear}</p>
        </div>
      </Container>
    </footer>
  );
}
