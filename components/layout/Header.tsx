import { ChevronDown, Menu, Phone, X } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { CallButton } from "@/components/ui/CallButton";
import { Container } from "@/components/ui/Container";
import { LOCATIONS } from "@/content/locations";
import { LOCATIONS_LINK, NAV_LINKS, QUOTE_LINK } from "@/content/navigation";
import { SITE, TEL_HREF } from "@/content/site";
import { MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT } from "@/lib/pages-without-javascript";
import { LinkItems, cityLinks } from "./LinkItems";
import { Logo } from "./Logo";
import { MenuToggle } from "./MenuToggle";

const [beforeLocations, afterLocations] = [NAV_LINKS.slice(0, 3), NAV_LINKS.slice(3)];
const mobileLinkClass = "flex min-h-12 items-center text-base font-medium text-slate-800";
const navLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-[0.9375rem] font-medium text-slate-700 transition-colors hover:bg-brand-50 hover:text-brand-800";

/** "Call Us", with the number spelled out for screen readers and shown where there is room. */
const callLabel = (
  <>
    Call Us<span className="sr-only xl:not-sr-only"> {SITE.phone.display}</span>
  </>
);

/** Every city page, then the hub that lists them by county with the map. */
function CityLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      <LinkItems links={cityLinks(LOCATIONS)} className={linkClassName} />
      <li className="col-span-full border-t border-slate-100">
        <a href={LOCATIONS_LINK.href} className={`${linkClassName} font-semibold`}>
          {LOCATIONS_LINK.label}
        </a>
      </li>
    </ul>
  );
}

function LocationsDropdown() {
  return (
    <MenuToggle
      panelId="nav-locations"
      buttonClassName={`${navLinkClass} [anchor-name:--nav-locations] group-has-[:popover-open]:bg-brand-50`}
      label={
        <>
          Locations
          <Icon
            icon={ChevronDown}
            className="size-4 transition-transform group-has-[:popover-open]:rotate-180"
          />
        </>
      }
      panelClassName="nav-dropdown max-h-[400px] w-[30rem] overflow-y-auto rounded-2xl border-0 bg-white p-3 shadow-xl ring-1 ring-slate-900/10"
    >
      <CityLinks
        className="grid grid-cols-2 gap-1"
        linkClassName="flex min-h-11 items-center rounded-lg px-3 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
      />
    </MenuToggle>
  );
}

function MobileMenu() {
  return (
    <MenuToggle
      panelId="mobile-menu"
      buttonClassName="inline-flex size-11 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50"
      label={
        <>
          <span className="sr-only">Menu</span>
          <Icon icon={Menu} className="size-6 group-has-[:popover-open]:hidden" />
          <Icon icon={X} className="hidden size-6 group-has-[:popover-open]:block" />
        </>
      }
      panelClassName="inset-x-0 top-16 bottom-auto max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-x-0 border-t border-b-0 border-slate-200 bg-white p-0 shadow-lg"
    >
      <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 pt-2 pb-6 sm:px-6">
        <ul className="divide-y divide-slate-100">
          <LinkItems links={beforeLocations} className={mobileLinkClass} />
          <li>
            <details className="group/locations">
              <summary
                className={`${mobileLinkClass} cursor-pointer list-none justify-between [&::-webkit-details-marker]:hidden`}
              >
                Locations
                <Icon
                  icon={ChevronDown}
                  className="size-5 transition-transform group-open/locations:rotate-180"
                />
              </summary>
              <CityLinks
                className="grid grid-cols-2 gap-x-4 pb-2"
                linkClassName="flex min-h-11 items-center text-sm text-slate-700"
              />
            </details>
          </li>
          <LinkItems links={afterLocations} className={mobileLinkClass} />
        </ul>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <ButtonLink href={QUOTE_LINK.href}>{QUOTE_LINK.label}</ButtonLink>
          <CallButton label={callLabel} />
        </div>
      </nav>
    </MenuToggle>
  );
}

/**
 * Fixed top navigation (docs/pages.md, "Navigation"): desktop links with a Locations dropdown, and
 * a menu toggle on small screens. Both menus are native popovers, so the header ships no JavaScript.
 * Opaque, without a backdrop blur: the blur was drawn again in every frame that changed beneath the
 * header, which made each calculator tap paint later (docs/performance.md, "What keeps a tap short").
 */
export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white">
      <Container className="flex h-full items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-2 lg:flex">
          <ul className="flex items-center">
            <LinkItems links={beforeLocations} className={navLinkClass} />
            <li>
              <LocationsDropdown />
            </li>
            <LinkItems links={afterLocations} className={navLinkClass} />
          </ul>
          <ButtonLink href={QUOTE_LINK.href} size="sm">
            {QUOTE_LINK.label}
          </ButtonLink>
          <CallButton size="sm" label={callLabel} />
        </nav>
        <div className="flex items-center gap-2 lg:hidden">
          <a
            href={TEL_HREF}
            className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
          >
            <Icon icon={Phone} className="size-5" />
            <span className="sr-only">Call Us {SITE.phone.display}</span>
          </a>
          <MobileMenu />
        </div>
      </Container>
      {/* Allowed by its hash on every page, those without JavaScript too. */}
      <script dangerouslySetInnerHTML={{ __html: MENUS_CLOSE_ON_FOCUS_LEAVE_SCRIPT }} />
    </header>
  );
}
