import { SERVICE_AREA_LABEL } from "@/content/locations";
import { SITE } from "@/content/site";
import type { Article } from "./types";

export const windowCleaningNearMeTampaBay = {
  slug: "window-cleaning-near-me-tampa-bay",
  title: "Window Cleaning Near Me: How to Choose a Window Cleaner in Tampa Bay",
  description:
    "Searching for window cleaning near you in Tampa Bay? What to ask, what fair prices look like, and the red flags to avoid before you book.",
  excerpt:
    "A search for “window cleaning near me” returns dozens of names. Here is how to tell a careful local pro from a quick splash-and-dash, and what a fair price looks like.",
  category: "Local Guides",
  datePublished: "2025-01-15",
  intro:
    "Type “window cleaning near me” into a search bar anywhere between Brooksville and Apollo Beach and you will get a long list of names, ratings and promises. Most of them will get your glass wet. Far fewer will leave it clear, treat your home with care and stand behind the work. This guide walks through what actually separates a good Tampa Bay window cleaner from the rest, so you can choose with confidence and know what to expect on the day.",
  sections: [
    {
      heading: "Why local experience matters here",
      body: [
        "Windows in Tampa Bay get dirty in ways that a generic how-to video never mentions. Salt air drifts in from the Gulf and the bay and leaves a dull haze. Sprinklers fed by hard, mineral-rich water leave white spots on lower panes. Oak pollen coats everything in late winter and spring, lovebugs arrive in May and again in September, and summer storms splash sand and soil onto the glass almost every afternoon.",
        "A cleaner who works here every week knows how each of these behaves. Salt needs plenty of water to rinse away rather than a dry wipe that drags it across the glass. Hard water spots need the right treatment before they etch. Lovebug remains come off easily when they are soaked first and scraped never. Ask any company you are considering how they deal with these problems; a confident, specific answer is a good sign.",
      ],
    },
    {
      heading: "Insurance and guarantees come first",
      body: [
        "Window cleaning means ladders, poles and people working around your home, so the first question is not the price. Ask for proof of liability insurance before anyone sets foot on your property. A reputable company will send a certificate without hesitation.",
        "Next, ask what happens if you are not happy. A clear written guarantee tells you the company expects to get it right. Look for two things in particular:",
        {
          list: [
            "A satisfaction guarantee with a defined window to report problems and a free re-clean of any area that falls short.",
            "A rain guarantee on scheduled services, because a surprise afternoon storm can undo a fresh clean within hours.",
          ],
        },
        `At ${SITE.shortName}, for example, you can raise a concern within ${SITE.refundWindowHours} hours and we re-clean the area free or refund you, and plan visits carry a ${SITE.rainGuaranteeDays}-day rain guarantee. Whoever you hire, get the terms in writing.`,
      ],
    },
    {
      heading: "What window cleaning costs in Tampa Bay",
      body: [
        "Prices depend on the number of panes, the height of the home, how dirty the glass is and whether you want the inside, screens and tracks included. As a rough guide, these are the typical ranges you will see quoted across the area:",
        {
          list: [
            "Single-story homes: about $150–300.",
            "Two-story homes: about $250–500.",
            "Large or waterfront homes: about $400–800.",
          ],
        },
        "Hard water stain removal is often quoted separately, and many companies add $50–150 for it. Ask whether it is included before you compare quotes, because a low headline price can grow quickly once extras are added on the day.",
        "A fair quote is specific. It names what is included, how many panes or windows it covers and whether screens and tracks are part of the job. If a company will only give a price after a long sales visit, or the number changes once the crew arrives, keep looking. You can [get an instant estimate](/#contact) from us in about a minute.",
      ],
    },
    {
      heading: "Ask how they clean",
      body: [
        "Good results come from good methods. Most professional crews use a combination of techniques:",
        {
          list: [
            "Hand cleaning with a T-bar mop and a squeegee, which gives a crisp, streak-free finish on glass within reach.",
            "A water-fed pole with deionized water for upper floors, which lets the crew clean second-story glass from the ground without leaning ladders against your walls.",
            "Screen cleaning, where screens are removed, washed, rinsed and refitted, so the dust in them does not end up back on clean glass.",
          ],
        },
        "Deionized water has had its dissolved minerals removed, so it dries without leaving spots. That matters in a region where tap and well water are hard. If a company tells you they use a household spray and paper towels, the result will not last through the first humid morning.",
      ],
    },
    {
      heading: "Reviews, responsiveness and red flags",
      body: [
        "Read recent reviews rather than the overall star rating alone. Look for comments about punctuality, care around plants and furniture, and how the company handled a problem. A single bad review answered politely and fixed quickly can tell you more than a page of five-star ratings.",
        "Pay attention to how fast and how clearly a company answers your first enquiry. The way they treat a quote request is usually how they treat your home. Be cautious if you see any of these:",
        {
          list: [
            "No proof of insurance, or vague answers about it.",
            "A price that is far below everyone else with no explanation of what is left out.",
            "Pressure to pay in full, in cash, before any work is done.",
            "No written guarantee, or a guarantee that depends on the crew's mood.",
          ],
        },
      ],
    },
    {
      heading: "One-time clean or a maintenance plan?",
      body: [
        "A one-time clean suits a move, a special event or a home that has gone a long time between cleans. If you like clear windows all year, a scheduled plan usually costs less per visit and keeps the glass from ever getting badly stained. In Tampa Bay, many homeowners find that a visit each season keeps up with pollen, lovebugs and storm spotting. Our guide on [how often to clean your windows](/blog/how-often-clean-windows-tampa-bay) explains how to pick the right rhythm for your home.",
        "If you choose a plan, check what it includes beyond the visits themselves. Ours include free hard water removal, a discount on every visit after the first and the rain guarantee. You can [compare the plans side by side](/#pricing) before you decide.",
      ],
    },
    {
      heading: "Window cleaning near you",
      body: [
        `${SITE.shortName} serves ${SERVICE_AREA_LABEL}, from Gulf-front towns to inland suburbs. Whoever you choose, use the questions above, compare written quotes, and pick the company that answers clearly and stands behind its work. If that is us, call ${SITE.phone.display} or request a free quote online and we will get back to you within ${SITE.responseHours} hours.`,
      ],
    },
  ],
} as const satisfies Article;
