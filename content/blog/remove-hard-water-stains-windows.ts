import { SITE } from "@/content/site";
import type { Article } from "./types";

export const removeHardWaterStainsWindows = {
  slug: "remove-hard-water-stains-windows",
  title: "How to Remove Hard Water Stains from Windows",
  description:
    "Why hard water spots are so common on Tampa Bay windows, how to remove them safely yourself, what never to use on glass, and when to call a professional.",
  excerpt:
    "Those white spots that come back after every clean are mineral deposits, not dirt. Learn what causes them, how to remove them safely, and how to keep them from returning.",
  category: "Tips & Guides",
  datePublished: "2025-01-05",
  intro:
    "If your windows look clean when they are wet but dry to a cloudy haze or a pattern of white spots, you are looking at hard water stains. They are one of the most common complaints we hear from Tampa Bay homeowners, and one of the most misunderstood. Ordinary glass cleaner will not touch them, and scrubbing harder can make things worse. Here is what they are, how to remove them safely, and how to stop them coming back.",
  sections: [
    {
      heading: "What hard water stains are",
      body: [
        "Hard water contains dissolved minerals, mostly calcium and magnesium. When a drop of it lands on glass and evaporates, the water leaves but the minerals stay behind as a small white ring or spot. One sprinkler cycle leaves a faint speckle. Months of them build into a crusty white film, usually heaviest on the lower panes nearest the ground.",
        "At first the deposit sits on top of the glass and can be dissolved. Left for a long time, especially in strong sun, minerals can begin to bond with and etch the surface of the glass itself. Etched glass looks permanently cloudy, and no cleaner will fully restore it. That is why it pays to deal with hard water spots early.",
        "Mineral spots are also different from the streaks left by a rushed cleaning job. Streaks wipe away with a fresh cloth. Mineral spots do not, however hard you rub, because they are not dirt at all but a thin layer of rock left behind on the glass. Knowing which one you have saves a lot of wasted effort.",
      ],
    },
    {
      heading: "Why they are so common in Tampa Bay",
      body: [
        "Much of Florida's water comes from the Floridan aquifer, which flows through limestone. Limestone is mostly calcium carbonate, and water that spends time in it picks up minerals along the way. That makes water across much of the region hard, whether it arrives from a utility or a private well.",
        "The biggest source of spots on windows is irrigation. Sprinklers that run every week, sometimes several times a week, spray the same panes again and again. Well-fed irrigation can also carry iron, which leaves orange or rust-colored stains on windows, walls and walkways. Add strong sun that dries every drop quickly and you have ideal conditions for mineral buildup.",
      ],
    },
    {
      heading: "Before you start: check what you are dealing with",
      body: [
        "Clean a small section of the window with warm water and a drop of dish soap, then dry it. If the glass looks clear, ordinary dirt was the problem. If white spots or a haze remain, you have mineral deposits.",
        "Next, run a fingertip over the spot. If you can feel a raised, gritty texture, the deposit is sitting on the surface and should come off. If the glass feels smooth but still looks cloudy, it may already be etched. Also check whether the windows have a tint film or a special coating, and look up the manufacturer's care instructions before using anything acidic.",
      ],
    },
    {
      heading: "How to remove light hard water stains yourself",
      body: [
        "For fresh or light deposits on glass you can safely reach from the ground, a mild acid usually does the job. Plain white vinegar is the simplest choice. Work in the shade or on a cool morning, because a solution that dries on hot glass leaves its own marks.",
        {
          ordered: true,
          list: [
            "Rinse the window with clean water to remove loose dust and sand, so you are not grinding grit into the glass.",
            "Mix equal parts white vinegar and warm water in a spray bottle.",
            "Spray the stained area generously and let it sit for five to ten minutes. Keep it wet, spraying again if it starts to dry.",
            "Gently work the area with a soft cloth or a non-scratch sponge, using small circles.",
            "Rinse thoroughly with clean water.",
            "Dry with a squeegee or a lint-free microfiber cloth, wiping from top to bottom.",
          ],
        },
        "Repeat the process for stubborn patches. A store-bought calcium and lime remover is stronger than vinegar and works faster, but follow the label exactly, wear gloves and eye protection, and rinse the glass well afterwards.",
        "Protect what surrounds the glass, too. Acidic cleaners can damage natural stone sills, some metal finishes and nearby plants. Cover them, or rinse them with plenty of water as you go.",
      ],
    },
    {
      heading: "What not to use on your windows",
      body: [
        "Hard water spots tempt people to reach for the strongest thing in the garage. Avoid these:",
        {
          list: [
            "Steel wool, scouring powders or abrasive pads, which leave fine scratches that catch the light forever.",
            "Razor blades on tempered glass. Many glass makers warn that scraping tempered glass can scratch it, and tempered glass is common in doors and large panes.",
            "Ammonia-based cleaners on windows with tint film, which can damage the film.",
            "Strong acids meant for masonry or pools, which can harm glass, frames, sills and skin.",
            "Cleaning in direct midday sun, which dries the solution before it can work and leaves new streaks.",
          ],
        },
      ],
    },
    {
      heading: "When to call a professional",
      body: [
        "Do-it-yourself removal works well for light spotting on ground-floor windows. It is time to call a professional when deposits cover large areas, when the stains are on second-story glass, when you have tried vinegar twice without success, or when you suspect etching. A professional can tell the difference between heavy deposits and etched glass, use stronger treatments safely, and finish with pure water so the glass dries without new spots.",
        "Many window cleaning companies charge $50–150 extra for hard water removal on top of a standard clean. Ask about it up front so it does not surprise you on the invoice.",
        `On our [maintenance plans](/#pricing), hard water removal is included free on every plan service, a ${SITE.freeHardWaterValue} value. Because plan visits happen regularly, the spots are treated long before they can etch the glass.`,
      ],
    },
    {
      heading: "How to keep hard water stains from coming back",
      body: [
        "Removing stains is only half the job. These habits keep them from returning:",
        {
          list: [
            "Adjust your sprinkler heads so they water the lawn and beds, not the house. A small turn of the nozzle can save hours of scrubbing.",
            "Run irrigation early in the morning, when there is time for the water to run off rather than bake onto the glass in the afternoon sun.",
            "If you rinse windows with a hose, dry them right away with a squeegee instead of letting them air dry.",
            "Ask whether your window cleaner finishes with deionized water. With the minerals removed, it dries clear instead of leaving new spots.",
            "Keep to a regular cleaning schedule so deposits never get the chance to build up and etch.",
          ],
        },
        "If your home is on well water and you see orange staining, ask an irrigation specialist about options for reducing the iron in your sprinkler water. It protects your windows, walls and driveway at the same time.",
      ],
    },
    {
      heading: "Get clear glass again",
      body: [
        `A little vinegar and patience will take care of light spots. For heavy buildup, high windows or glass you suspect is etched, we are glad to help. Call ${SITE.phone.display} or [request a free quote](/#contact) and we will tell you honestly what can be restored and what it will take. Our guide to [professional versus DIY window cleaning](/blog/professional-vs-diy-window-cleaning) can help you decide which jobs to keep for yourself.`,
      ],
    },
  ],
} as const satisfies Article;
