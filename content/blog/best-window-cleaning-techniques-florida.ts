import { SITE } from "@/content/site";
import type { Article } from "./types";

export const bestWindowCleaningTechniquesFlorida = {
  slug: "best-window-cleaning-techniques-florida",
  title: "The Best Window Cleaning Techniques for Florida Homes",
  description:
    "T-bar and squeegee, water-fed poles with deionized water, screens and tracks: the window cleaning techniques that work in Florida heat, salt and humidity.",
  excerpt:
    "Florida's heat, humidity and salt air change the rules. These are the techniques professionals rely on, and how to use them for streak-free glass at home.",
  category: "Tips & Guides",
  datePublished: "2024-12-20",
  intro:
    "Window cleaning advice written for cooler climates often falls apart in Florida. Glass heats up fast in the sun, so cleaning solutions dry before you can squeegee them off. Humidity fogs freshly cleaned panes on summer mornings. Salt air, pollen and lovebugs leave residues that a quick spray and wipe only smears around. The techniques below are the ones professionals use every day here, and most of them work just as well for a careful homeowner.",
  sections: [
    {
      heading: "Start with the right conditions",
      body: [
        "The most useful technique costs nothing: pick your moment. Clean in the shade, or early in the morning and late in the afternoon, when the glass is cool to the touch. On hot glass, soapy water dries in seconds and leaves streaks before the squeegee reaches it.",
        "Work on one pane at a time, top to bottom, and keep the section you are working on wet until you are ready to dry it. On the sunny side of the house, smaller sections finished quickly beat large ones finished late.",
        "Before any washing, rinse or brush off loose grit. Sand and salt crystals act like fine sandpaper when they are dragged across glass, and dry-wiping a dusty window is one of the easiest ways to scratch it.",
      ],
    },
    {
      heading: "Hand cleaning with a T-bar and squeegee",
      body: [
        "For glass within reach, the classic method is still the best. A T-bar washer, sometimes called a strip washer, is a handle with a soft sleeve that holds plenty of water. Dip it in a bucket of water with a few drops of dish soap, wring it lightly, and scrub the whole pane, paying extra attention to corners and edges where grime collects.",
        "Then comes the squeegee. A few habits make the difference between streak-free glass and a frustrating afternoon:",
        {
          list: [
            "Use a sharp, undamaged rubber blade. A nicked or hardened blade leaves a line every time, so replace it as soon as it stops gliding cleanly.",
            "Hold the squeegee at a slight angle, so only the edge of the blade touches the glass.",
            "Start with a narrow dry strip along the top or one side, then pull the squeegee across or down the glass in overlapping strokes.",
            "Wipe the blade with a clean cloth after every stroke.",
            "Finish by running a lint-free microfiber cloth around the edges to catch the last drips.",
          ],
        },
        "Professionals often move the squeegee in a continuous S-shaped path, known as fanning, without lifting it from the glass. It takes practice, but straight overlapping strokes give an excellent result for most homeowners.",
      ],
    },
    {
      heading: "The water-fed pole and deionized water",
      body: [
        "For second-story windows, skylights and hard-to-reach glass, the water-fed pole has changed the trade. It is a lightweight extendable pole with a soft brush at the end, fed by a hose that carries purified water to the brush. The cleaner scrubs the glass from the ground and rinses it with a gentle flow of water. There is no squeegee and no drying: the glass is left to dry on its own.",
        "That only works because of the water. Ordinary tap or well water contains dissolved minerals, and if you let it dry on glass, it leaves spots. Deionized water has had those minerals removed, so it dries clear. Because it is so pure, it also dissolves and carries away dirt readily.",
        "For homeowners, the main advantage is safety. Most two-story homes can be cleaned entirely from the ground, with no ladders against walls or gutters and no one leaning over your landscaping. It also cleans frames and sills as it goes, which a squeegee does not.",
      ],
    },
    {
      heading: "Screens deserve their own attention",
      body: [
        "Dirty screens undo clean windows. They trap pollen, dust and salt, and every breeze or rain shower carries some of it back onto the glass. They also make the view look gray from inside, even when the glass itself is spotless.",
        {
          ordered: true,
          list: [
            "Remove the screens carefully and note where each one goes.",
            "Lay them flat on a clean surface, such as a tarp or the driveway.",
            "Scrub both sides gently with a soft brush and mild soapy water.",
            "Rinse with a hose at low pressure. A pressure washer can stretch or tear the mesh.",
            "Let them dry completely before refitting, so wet mesh does not pick up new dust.",
          ],
        },
        "While the screens are out, vacuum or brush the tracks and sills and wipe them down. Clean tracks let windows and sliding doors open smoothly and stop grit from blowing back onto the glass.",
      ],
    },
    {
      heading: "Dealing with Florida's usual suspects",
      body: [
        "Some residues need a little more than soap and water:",
        {
          list: [
            "Lovebugs. Soak the remains with soapy water and give them a few minutes to soften before wiping. Scraping dried bugs off dry glass risks scratches.",
            "Oak pollen. Rinse it off first. Pollen mixed with morning dew turns into a sticky film that smears if you wipe it dry.",
            "Salt film. Use plenty of water and change it often, so you are not spreading salt from one pane to the next.",
            "Hard water spots. Ordinary cleaners will not dissolve them. Our guide to [removing hard water stains](/blog/remove-hard-water-stains-windows) explains how to treat them safely.",
          ],
        },
      ],
    },
    {
      heading: "The inside of the glass",
      body: [
        "Indoors, use less water and more control. Lay a towel along the sill to protect floors and woodwork, wash the glass with a lightly wrung-out microfiber cloth or a small T-bar, and finish with a compact squeegee or a dry cloth. Fingerprints and smudges from pets come off easily this way.",
        "On humid summer mornings you may notice the outside of your windows fogging over. That is condensation: the air-conditioned house keeps the glass cooler than the air outside. It is not dirt, and it clears as the day warms up, so wait for it to go before you clean.",
      ],
    },
    {
      heading: "Window types that need extra care",
      body: [
        "Many Florida homes have glass that needs a gentler touch. Tinted window film can be damaged by ammonia-based cleaners and by abrasive pads, so stick to mild soap and soft tools. Impact-resistant windows are often large and heavy, with laminated glass; clean them as you would any window, but check the manufacturer's care guidance before using anything stronger than soapy water. Low-emissivity coatings also come with care instructions worth reading.",
        "Never use a razor blade on tempered glass, which is common in sliding doors and large panes. Many glass makers warn that scraping it can leave scratches. Frames deserve care too: wipe vinyl and aluminum with soapy water, and avoid harsh solvents on painted or wood frames.",
      ],
    },
    {
      heading: "Cleaning products: simpler is better",
      body: [
        "You do not need a cupboard full of sprays. A few drops of dish soap in a bucket of warm water cleans most windows well and rinses easily. Avoid products that leave a residue, and skip paper towels, which shed lint and often leave streaks. Keep a separate set of cloths for glass, wash them without fabric softener, and they will stay absorbent and lint-free.",
      ],
    },
    {
      heading: "When to hand it over",
      body: [
        `These techniques will keep ground-floor glass looking good between professional visits. For upper floors, heavy hard water staining or a whole-house clean, our team brings the T-bar, the squeegee and the water-fed pole to your door. Every [maintenance plan](/#pricing) includes free hard water removal and a ${SITE.rainGuaranteeDays}-day rain guarantee. Call ${SITE.phone.display} or [get a free quote](/#contact).`,
      ],
    },
  ],
} as const satisfies Article;
