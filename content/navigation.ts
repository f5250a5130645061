/** Site navigation (docs/pages.md, "Navigation"). Hash links start with "/" so they work from every page, not just home. */
export type NavLink = { label: string; href: string };

export const NAV_LINKS = [
  { label: "Services", href: "/#services" },
  { label: "Our Way", href: "/#process" },
  { label: "Maintenance Plans", href: "/#pricing" },
  { label: "Blog", href: "/blog" },
] as const satisfies readonly NavLink[];

export const QUOTE_LINK = { label: "Instant Quote", href: "/#contact" } as const satisfies NavLink;

/** The hub of every community we serve, by county with the map (docs/pages.md, "Locations"). */
export const LOCATIONS_LINK = {
  label: "All locations",
  href: "/locations",
} as const satisfies NavLink;

/** What the site collects and keeps, and how to have it erased (docs/pages.md, "Privacy"). */
export const PRIVACY_LINK = { label: "Privacy", href: "/privacy" } as const satisfies NavLink;

export const FOOTER_LINKS = [
  ...NAV_LINKS,
  QUOTE_LINK,
  LOCATIONS_LINK,
  PRIVACY_LINK,
] as const satisfies readonly NavLink[];
