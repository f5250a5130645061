import { LOCATIONS, type County } from "@/content/locations";
import { SITE } from "@/content/site";
import type { Article } from "./types";

const FEATURED = ["st-pete", "clearwater", "tampa"];
const listFormat = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });

/** The other service cities of a county, read from the location list. */
function otherCities(county: County): string {
  return listFormat.format(
    LOCATIONS.filter((city) => city.county === county && !FEATURED.includes(city.slug)).map(
      (city) => city.name,
    ),
  );
}

export const windowCleaningStPeteClearwaterTampa = {
  slug: "window-cleaning-st-pete-clearwater-tampa",
  title: "Window Cleaning in St. Pete, Clearwater and Tampa: A Local Guide",
  description:
    "How salt air, reclaimed-water sprinklers, oak pollen and city grime affect windows in St. Petersburg, Clearwater and Tampa, and how to plan cleaning for each.",
  excerpt:
    "Three cities, three sets of conditions. What a home by the Gulf in Clearwater, a bungalow in St. Pete and a house under the oaks in Tampa each need from a window cleaner.",
  category: "Local Guides",
  datePublished: "2024-12-12",
  intro:
    "St. Petersburg, Clearwater and Tampa sit only a short drive apart, yet windows in each city get dirty in different ways. How close you are to open water, what your sprinklers run on, how many trees shade your street and how much traffic passes by all shape how often your glass needs attention and what kind of cleaning works best. Here is what we see across the three biggest cities on the bay.",
  sections: [
    {
      heading: "St. Petersburg: water on almost every side",
      body: [
        "St. Pete sits at the southern end of the Pinellas peninsula, with Tampa Bay to the east and south and Boca Ciega Bay and the Gulf beaches to the west. Wherever you live in the city, open water is never far away, and the breeze carries a fine salt mist that settles on glass as a dull, slightly sticky film.",
        "Salt film is best removed with plenty of fresh water and a thorough rinse, rather than a quick wipe that smears it around. Homes close to the water usually need cleaning more often than the twice-a-year rule of thumb; every three months is a sensible starting point, and homes right on the waterfront often prefer monthly visits.",
        "Many St. Pete homes also irrigate with reclaimed water. Like any irrigation water, it leaves spots when it dries on the glass, so it is worth checking that sprinkler heads point at the lawn and not the windows.",
        "Many older homes in the city have wood-framed or original windows that deserve gentle handling: soft tools, mild soap and careful work around glazing and paint.",
      ],
    },
    {
      heading: "Clearwater: Gulf spray, sand and sun",
      body: [
        "Clearwater faces the Gulf of Mexico, with Clearwater Beach out on its barrier island across Clearwater Harbor. Homes and businesses on the beach side take the most direct salt spray and wind-blown sand, and west-facing glass bakes in the afternoon sun.",
        "Sand is the hidden danger here. Wiping a window that has sand on it drags the grains across the glass and can leave fine scratches. A professional clean starts by rinsing loose grit away before any scrubbing begins. Sun matters too: cleaning solution dries quickly on hot west-facing glass, which is why we work those windows early in the day or in sections.",
        "Beachfront condos, rentals and storefronts along the coast tend to need the most frequent cleaning, because guests and customers notice salty, sandy glass right away. In condo buildings, exterior glass on upper floors is often handled by the association, so check before booking. Balcony doors and the glass you can reach are another matter, and we can take care of those.",
      ],
    },
    {
      heading: "Tampa: oaks, pollen, traffic and storms",
      body: [
        "Tampa wraps around Hillsborough Bay and the Hillsborough River, and many of its neighborhoods sit well inland. Salt is less of an issue for most homes, but other things take its place.",
        "Many Tampa streets are shaded by large oaks. In late winter and spring they shed pollen that coats sills, screens and glass, and morning dew turns it into a film that smears when wiped dry. Busy roads and construction add a layer of fine grime, especially on homes and offices near major streets. Inland areas also see the full force of summer afternoon thunderstorms, which splash soil onto lower panes.",
        "For most Tampa homes, a clean each season works well, timed for after the heaviest pollen and after the summer storms. Offices and storefronts downtown and along commercial corridors usually schedule monthly cleaning, because dusty glass is the first thing a customer sees. High-rise window cleaning is available for taller commercial buildings; call us to talk through access and scheduling.",
      ],
    },
    {
      heading: "What all three cities share",
      body: [
        "Some conditions are the same across the whole bay area:",
        {
          list: [
            "Hard water. Water across the region is rich in minerals, and sprinklers leave white spots that can etch the glass if they are left for too long.",
            "Lovebugs, twice a year, around May and September.",
            "Hurricane season, from June 1 to November 30, when passing storms can leave salt and debris on windows well back from the shore.",
            "Heat and humidity, which make timing and technique matter as much as the cleaning solution.",
          ],
        },
        "Our guide to [removing hard water stains](/blog/remove-hard-water-stains-windows) covers the first of these in detail.",
      ],
    },
    {
      heading: "A quick guide to scheduling",
      body: [
        "Putting it together, here is where we would start for a home or business in each setting:",
        {
          list: [
            "Waterfront or beachside in St. Pete or Clearwater: monthly, or every three months at the least.",
            "A few blocks back from the water: every three months.",
            "Inland Tampa under mature oaks: every three months, timed for after pollen season and after the summer storms.",
            "Sheltered homes with few trees and no sprinklers near the windows: twice a year, in spring and fall.",
            "Storefronts, offices and restaurants anywhere in the three cities: monthly.",
          ],
        },
        "These are starting points, not rules. After a visit or two, it is usually clear whether your glass needs more or less attention. Our guide on [how often to clean your windows](/blog/how-often-clean-windows-tampa-bay) goes into the seasonal timing in more detail.",
      ],
    },
    {
      heading: "Beyond the three big cities",
      body: [
        `Elsewhere in Pinellas County, we also clean windows in ${otherCities("Pinellas")}. On the Hillsborough side, besides Tampa, we serve ${otherCities("Hillsborough")}. Further north, our service area takes in ${otherCities("Pasco")} in Pasco County, and ${otherCities("Hernando")} in Hernando County.`,
        "Every city page lists the nearby areas we cover and what our team sees there, so you can check quickly whether we come to you.",
      ],
    },
    {
      heading: "Book a clean in your city",
      body: [
        `Find your city on our [St. Petersburg](/locations/st-pete), [Clearwater](/locations/clearwater) or [Tampa](/locations/tampa) pages, call ${SITE.phone.display}, or [get a free quote](/#contact) online. If you would like your windows to stay clear all year, take a look at our [maintenance plans](/#pricing).`,
      ],
    },
  ],
} as const satisfies Article;
