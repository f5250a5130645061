import { FUTURE_VISIT_DISCOUNT_PERCENT } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import type { Article } from "./types";

export const howOftenCleanWindowsTampaBay = {
  slug: "how-often-clean-windows-tampa-bay",
  title: "How Often Should You Clean Your Windows in Tampa Bay?",
  description:
    "Twice a year, every season or every month? How pollen, lovebugs, salt air and summer storms decide how often Tampa Bay windows need a professional clean.",
  excerpt:
    "Pollen, lovebugs, salt air and daily summer storms all leave their mark. Here is how to work out the right cleaning schedule for your home, season by season.",
  category: "Tips & Guides",
  datePublished: "2025-01-10",
  intro:
    "Ask a window cleaner in a cooler, drier part of the country how often to clean your windows and you will probably hear “twice a year.” In Tampa Bay that is the bare minimum. Our climate throws pollen, bugs, salt and rain at the glass all year, and the right schedule depends on where your home sits and what surrounds it. Here is how to decide.",
  sections: [
    {
      heading: "The short answer",
      body: [
        "For most homes in the area, a professional clean every three months keeps windows consistently clear. Twice a year works for homes that are sheltered, inland and away from sprinklers. Monthly cleaning makes sense for waterfront homes, storefronts and anyone who simply wants the glass spotless at all times.",
        "Between professional visits, a quick rinse of the lower panes after a storm or a lovebug flight goes a long way. The rest of this guide explains why our climate calls for more frequent cleaning than the usual rule of thumb, how to time visits around the seasons and which homes need extra attention.",
      ],
    },
    {
      heading: "What makes Tampa Bay different",
      body: [
        "Several things dirty windows here faster than in most of the country:",
        {
          list: [
            "Salt air. Homes near the Gulf beaches or the bay collect a salty film that dulls the glass and, left alone, is harder to remove each month.",
            "Hard water. Irrigation and well water across the region are rich in minerals. Every time a sprinkler hits the glass, it leaves spots that build on each other.",
            "Oak pollen. In late winter and spring, live and laurel oaks coat sills, screens and glass in a yellow-green dust.",
            "Lovebugs. They swarm twice a year, around May and September, and their remains stick to anything they hit.",
            "Summer storms. Almost daily afternoon downpours from June to September splash sand and soil onto lower panes.",
          ],
        },
      ],
    },
    {
      heading: "A schedule for Tampa Bay's seasons",
      body: [
        "If you clean four times a year, timing the visits around the seasons gets the most out of each one:",
        {
          ordered: true,
          list: [
            "Spring, once the heaviest oak pollen has fallen, to clear the film and the first lovebug flight.",
            "Early summer, before the storm season settles in, so the glass starts clean.",
            "Fall, after the September lovebugs and the worst of the summer rain, with a close look at screens and seals as hurricane season winds down.",
            "Winter, in the dry season, when low humidity and mild days give the clearest results of the year.",
          ],
        },
        "If you clean twice a year, choose spring and fall. They follow the two messiest stretches: pollen season and the summer storms.",
      ],
    },
    {
      heading: "Which homes need more frequent cleaning",
      body: [
        "Some homes get dirty faster than others. Consider cleaning more often if any of these apply:",
        {
          list: [
            "You live on the water or within sight of it, where salt spray settles daily.",
            "Your sprinklers reach the windows, especially if they run on well water.",
            "Large oaks or other trees overhang the house.",
            "There is construction nearby, which fills the air with fine dust.",
            "You have young children or pets who leave prints on the inside of the glass.",
            "You run a storefront or office, where clean windows are part of the first impression.",
          ],
        },
      ],
    },
    {
      heading: "Inside, outside, screens and tracks",
      body: [
        "The outside of the glass takes the weather, so it needs cleaning most often. The inside stays cleaner for longer, although cooking, candles, pets and small hands all leave their mark. Many homeowners have the outside done at every visit and the inside at every second visit, or before guests arrive.",
        "Screens and tracks are easy to forget. Screens trap pollen and dust, and every breeze or rain shower pushes some of it back onto the clean glass. Tracks collect sand, leaves and dead insects until sliding doors and windows start to stick. Having both cleaned at least twice a year keeps windows working smoothly and makes each glass clean last longer.",
      ],
    },
    {
      heading: "Signs it is time for a clean",
      body: [
        "You do not need a calendar to tell you. Look at your windows in the late afternoon, when the sun is low and shines through the glass. Haze, streaks and spots show up clearly at that angle. White rings or a cloudy band near the bottom of the window point to hard water and should be treated before they etch the glass. Dark grime along the frames and in the tracks, or screens that look gray from the inside, are other signals. Sliding glass doors are a good test too: if the door grinds or sticks in its track, grit has been building up for a while.",
      ],
    },
    {
      heading: "Making a regular schedule easy",
      body: [
        `The simplest way to stay on top of it is to put your home on a schedule and let someone else remember. Our [Quarterly plan](/quarterly-plan) is timed to the seasons above, the [Bi-Annual plan](/biannual-plan) covers spring and fall, and the [Monthly plan](/monthly-plan) keeps the glass spotless all year and can be cancelled anytime. Every plan takes ${FUTURE_VISIT_DISCOUNT_PERCENT}% off all visits after the first and includes free hard water removal and a ${SITE.rainGuaranteeDays}-day rain guarantee.`,
        `Not sure which fits? Call ${SITE.phone.display} and we will talk it through, or [get a free quote](/#contact) for your home.`,
      ],
    },
  ],
} as const satisfies Article;
