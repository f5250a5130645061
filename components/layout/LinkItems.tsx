import { locationPath, type Location } from "@/content/locations";
import type { NavLink } from "@/content/navigation";

/** A link in a list; `key` keys its item where it is not the href (a city's slug). */
type ListedLink = NavLink & { key?: string };

/** Plain links as list items, for a list the caller opens: the header's menus and the footer's columns. */
export function LinkItems({
  links,
  className,
}: {
  links: readonly ListedLink[];
  className: string;
}) {
  return links.map((link) => (
    <li key={link.key ?? link.href}>
      <a href={link.href} className={className}>
        {link.label}
      </a>
    </li>
  ));
}

/** The links to these cities' pages, each named as its city. */
export function cityLinks(locations: readonly Location[]): ListedLink[] {
  return locations.map((location) => ({
    key: location.slug,
    label: location.name,
    href: locationPath(location),
  }));
}
