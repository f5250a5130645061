/**
 * PLACEHOLDER reviews (docs/decisions.md, "Business identity"): six sample reviews standing in for the business's real ones.
 * Replace them with genuine reviews, word for word, before launch: a production deploy refuses any
 * review still marked `sample: true` (lib/launch-gate.ts).
 */
export type Review = {
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  /** Relative date as the reviews platform shows it. */
  date: string;
  text: string;
  verified: boolean;
  /** True for the specification's sample text; a real review, copied from the platform, is false. */
  sample: boolean;
};

export const REVIEWS = [
  {
    name: "Sarah M.",
    rating: 5,
    date: "2 weeks ago",
    text: "Our windows have not looked this good since we moved in. They showed up on time, protected the floors and even cleaned the tracks. Booked the quarterly plan on the spot.",
    verified: true,
    sample: true,
  },
  {
    name: "David R.",
    rating: 5,
    date: "1 month ago",
    text: "The hard water spots from our sprinklers were on the glass for years. They came off in one visit. Friendly crew and a clear price before they started.",
    verified: true,
    sample: true,
  },
  {
    name: "Michelle T.",
    rating: 5,
    date: "1 month ago",
    text: "Got a quote the same day I asked. Two-story house with lots of windows and not a single streak. Highly recommend.",
    verified: true,
    sample: true,
  },
  {
    name: "Carlos G.",
    rating: 5,
    date: "2 months ago",
    text: "We use them for our storefront every month. Reliable, quick and the glass always looks great for customers.",
    verified: true,
    sample: true,
  },
  {
    name: "Jennifer L.",
    rating: 5,
    date: "3 months ago",
    text: "It rained two days after our cleaning and they came back without any fuss. That rain guarantee is real.",
    verified: true,
    sample: true,
  },
  {
    name: "Brian K.",
    rating: 5,
    date: "4 months ago",
    text: "Screens look brand new and the water-fed pole got the high windows I could never reach. Great communication from start to finish.",
    verified: true,
    sample: true,
  },
] as const satisfies readonly Review[];
