import { SITE } from "@/content/site";

/** The services (docs/pages.md). The home page and every city page render these; icons are chosen by `id` in the UI. */
export type Service = {
  id: "residential" | "commercial" | "hard-water";
  title: string;
  summary: string;
  points: readonly string[];
};

export const SERVICES = [
  {
    id: "residential",
    title: "Residential Window Cleaning",
    summary:
      "Outside glass on every visit, top floor to ground floor; inside glass, screens and tracks whenever you add them. Floors and furniture are protected while we work.",
    points: [
      "Interior and exterior window cleaning",
      "Screen cleaning and track wiping",
      "Hard water stain removal",
    ],
  },
  {
    id: "commercial",
    title: "Commercial Window Cleaning",
    summary:
      "Spotless glass for the businesses customers judge at a glance, scheduled around your opening hours.",
    points: [
      "Office buildings and storefronts",
      "Scheduled maintenance plans",
      "High-rise available",
    ],
  },
  {
    id: "hard-water",
    title: "Hard Water Stain Removal",
    summary:
      "Sprinkler overspray leaves white mineral spots that ordinary washing cannot lift. We remove them with glass-safe methods and restore the view.",
    points: [
      "Sprinkler and mineral spots lifted from glass",
      "Glass-safe products and techniques",
      `Free on every plan service (a ${SITE.freeHardWaterValue} value)`,
    ],
  },
] as const satisfies readonly Service[];
