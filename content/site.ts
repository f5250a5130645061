/**
 * The business's identity: the one place a rebrand edits.
 * Placeholder data (docs/decisions.md, "Business identity"): 555-01xx is reserved for fiction, .example is a reserved domain.
 */
import { SERVICE_COUNTIES_LABEL } from "@/content/locations";

/** A social profile; `href` null is a placeholder, shown as a named icon, not a link, until the business has the page. */
export type SocialProfile = { name: string; href: string | null };

const SOCIAL_PROFILES: readonly SocialProfile[] = [
  { name: "Facebook", href: null },
  { name: "Instagram", href: null },
  { name: "Google Business Profile", href: null },
];

export const SITE = {
  brand: "Suncoast Shine Window Cleaning",
  shortName: "Suncoast Shine",
  tagline: "Streak-free windows across Tampa Bay",
  // The counties come from the city list, so the description stays true when a city is added.
  description: `Professional residential and commercial window cleaning in ${SERVICE_COUNTIES_LABEL}. Free same-day quotes, licensed and insured, 100% satisfaction guarantee.`,
  phone: {
    display: "(813) 555-0147",
    e164: "+18135550147",
  },
  email: "hello@suncoastshine.example",
  /**
   * Who answers privacy questions and erasure requests, named on /privacy; placeholder until
   * launch (a production deploy refuses a reserved domain, lib/launch-gate.ts).
   */
  privacyContact: { who: "the owner", email: "privacy@suncoastshine.example" },
  foundedYear: 2020,
  /** `sample`: the specification's figures, not the business's; a production deploy refuses them (lib/launch-gate.ts). */
  rating: { value: 5, count: 115, sample: true },
  homeownersServed: "1,000+",
  priceRange: "$$",
  serviceRadiusMeters: 50_000,
  region: { code: "FL", name: "Florida", country: "US", isoRegion: "US-FL" },
  /** The service city the business's postal address is in (a slug of content/locations.ts); placeholder. */
  homeCitySlug: "tampa",
  responseHours: 24,
  refundWindowHours: 48,
  rainGuaranteeDays: 7,
  freeHardWaterValue: "$75+",
  /** Where the business keeps its calendar: "tomorrow" and opening days are counted in this zone. */
  timeZone: "America/New_York",
  /** How far ahead a visitor may ask for a visit window on the saved-quote page, in days. */
  visitWindowDaysAhead: 60,
  /** Opening hours, shown in copy and in structured data; a visit can be asked for on these days only. */
  openingHours: [
    {
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    },
    { days: ["Saturday"], opens: "09:00", closes: "15:00" },
  ],
  /**
   * The public holidays the business closes on (docs/decisions.md, "Saved quote"), named as the
   * date-holidays library names them for `region`, which dates them: no visit window starts then.
   */
  closedHolidays: [
    "New Year's Day",
    "Memorial Day",
    "Independence Day",
    "Labor Day",
    "Thanksgiving Day",
    "Christmas Day",
  ],
  social: SOCIAL_PROFILES,
} as const;

export const TEL_HREF = `tel:${SITE.phone.e164}`;
export const MAILTO_HREF = `mailto:${SITE.email}`;
/** Reviews platform search (docs/decisions.md, "Business identity"): the brand name plus "reviews". */
export const REVIEWS_URL = `https://www.google.com/search?q=${encodeURIComponent(`${SITE.brand} reviews`)}`;
export const RATING_LABEL = `${SITE.rating.count}+ five-star reviews`;
