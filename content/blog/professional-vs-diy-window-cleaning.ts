import { SITE } from "@/content/site";
import type { Article } from "./types";

export const professionalVsDiyWindowCleaning = {
  slug: "professional-vs-diy-window-cleaning",
  title: "Professional vs. DIY Window Cleaning: Cost, Time and Results",
  description:
    "Should you clean your own windows or hire a pro? An honest comparison of cost, time, safety and results for Tampa Bay homes, with typical professional prices.",
  excerpt:
    "Doing it yourself looks cheaper on paper. We compare the real cost, the time, the safety risks and the results, and explain when DIY makes perfect sense.",
  category: "Industry Insights",
  datePublished: "2024-12-28",
  intro:
    "Cleaning your own windows is entirely possible. All it takes is a bucket, a squeegee and a free Saturday. Whether it is the right choice depends on the size of your home, how high the windows are, how much your time is worth to you and how clear you want the glass to be. Here is an honest look at both sides, from a company that will tell you when you do not need us.",
  sections: [
    {
      heading: "What DIY window cleaning really involves",
      body: [
        "A proper job is more than a spray bottle and paper towels. To get streak-free glass on a whole house, you will want:",
        {
          list: [
            "A bucket wide enough for a washer, and a mild cleaning solution such as a few drops of dish soap in water.",
            "A T-bar washer or scrubber to wet and loosen the dirt.",
            "A good squeegee with a fresh rubber blade.",
            "Lint-free microfiber cloths for edges and corners.",
            "An extension pole, and for upper floors a sturdy ladder and a helper to hold it.",
            "Soft brushes and a hose for screens, and a small brush or vacuum for the tracks.",
          ],
        },
        "Buying decent tools is a one-time cost, and they last for years if you look after them. The bigger cost is time. Removing, washing and refitting screens, cleaning both sides of every pane and clearing the tracks takes most of a day for a typical home, and longer the first time while you get the hang of the squeegee.",
      ],
    },
    {
      heading: "What professional window cleaning costs",
      body: [
        "Prices vary with the number of windows, the height of the home and how much work the glass needs. Across the Tampa Bay area, these are typical ranges for a professional clean:",
        {
          list: [
            "Smaller homes: about $150–250.",
            "Medium-sized homes: about $250–400.",
            "Large homes: about $400–700.",
          ],
        },
        "Screens, tracks and hard water removal are sometimes included and sometimes priced as extras, so compare quotes line by line. Scheduled maintenance plans usually bring the cost of each visit down, because regularly cleaned glass takes less time to bring back to a shine.",
      ],
    },
    {
      heading: "Time: the cost that does not show up on a receipt",
      body: [
        "For a single-story home with a handful of windows, a DIY clean on a mild morning is a reasonable project. For a larger or two-story home, the hours add up quickly. Ask yourself what else you would do with that day, and whether you will keep it up every few months. In our climate, once or twice a year is rarely enough.",
        "A professional crew with the right equipment cleans the same home in a fraction of the time, because they do it every day and bring tools built for the job.",
      ],
    },
    {
      heading: "Safety is the biggest difference",
      body: [
        "Ground-floor windows are a safe DIY job. Second-story windows are where the risk starts. Working from a ladder while reaching across glass, holding a bucket and a squeegee, on soft ground or uneven pavers, is exactly the situation in which falls happen. Florida heat adds fatigue to the mix.",
        "Professionals reduce that risk in two ways. Water-fed poles let them clean upper windows from the ground, so most homes need no ladder at all. When a ladder is needed, the crew is trained to use it and the company carries insurance if anything goes wrong. If you do clean your own upper windows, use a ladder stabilizer, keep three points of contact and never work alone.",
      ],
    },
    {
      heading: "Results: why professional glass looks different",
      body: [
        "Most streaks come from one of three things: the wrong solution, a worn squeegee blade or letting the glass dry before it is finished. Tampa Bay adds a fourth: hard water. If you rinse windows with tap or well water and let them dry, you put minerals right back on the glass.",
        "Professionals avoid this by working quickly with sharp blades, detailing edges by hand, and finishing with deionized water that dries without spots. They can also treat hard water stains and tell you if glass has started to etch. Those are the details that make windows look invisible rather than merely clean.",
      ],
    },
    {
      heading: "When DIY makes perfect sense",
      body: [
        "We would rather you knew when you do not need us. DIY is a good choice when:",
        {
          list: [
            "Your home is single-story and the windows are easy to reach.",
            "You want to wipe the inside of the glass between professional visits.",
            "You need to rinse off a lovebug flight or storm splash from lower panes.",
            "You enjoy the work and have the time for it.",
          ],
        },
        "Plenty of homeowners mix the two: a professional clean of the whole house a few times a year, with quick touch-ups of the easy panes in between. Our guide to [the best window cleaning techniques for Florida](/blog/best-window-cleaning-techniques-florida) covers how to do those touch-ups well.",
      ],
    },
    {
      heading: "Questions to ask before you hire",
      body: [
        "If you decide to bring in a professional, a few questions will tell you a lot about the company before anyone arrives:",
        {
          list: [
            "Are you insured, and can you send me a certificate?",
            "What exactly does the price include: inside and outside, screens, tracks, hard water removal?",
            "How do you reach the upper windows, with ladders or water-fed poles?",
            "What happens if I am not happy with the result, or if it rains the next day?",
          ],
        },
        "Clear, specific answers are a good sign. Hesitation about insurance or guarantees is a reason to keep looking.",
      ],
    },
    {
      heading: "When a professional is worth it",
      body: [
        "A professional is usually the better choice for two-story or large homes, for heavy hard water staining, before selling or moving, and for anyone who would rather spend their weekend elsewhere. It is also worth it when you want a guarantee behind the result.",
        `With ${SITE.shortName}, any area that falls short is re-cleaned free if you tell us within ${SITE.refundWindowHours} hours, and our [maintenance plans](/#pricing) add a ${SITE.rainGuaranteeDays}-day rain guarantee and free hard water removal. Call ${SITE.phone.display} or [get a free quote](/#contact) to see exactly what your home would cost.`,
      ],
    },
  ],
} as const satisfies Article;
