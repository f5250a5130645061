import type { LocationSlug } from "./locations";

/**
 * What is true about each service city, as typed facts the city pages compose their copy from
 * (docs/pages.md, "City pages"). Only facts a local would confirm: where the place is, the water
 * it meets, its main roads. No invented landmarks, neighbourhoods or figures; distances are
 * computed, never typed. A sentence about salt, the Gulf coast or hard water is used only for a
 * city whose facts here record it.
 */

/**
 * The bays a city's shore is on, each described one way wherever it is named (docs/pages.md,
 * "City pages"): Hillsborough Bay and Old Tampa Bay are both the upper, river-fed end of the Tampa
 * Bay estuary, brackish; the open middle of Tampa Bay and Clearwater Harbor, open to the Gulf
 * through its passes, are salt.
 */
export const BAYS = {
  "Hillsborough Bay": { salinity: "brackish", part: "upper Tampa Bay" },
  "Old Tampa Bay": { salinity: "brackish", part: "upper Tampa Bay" },
  "Tampa Bay": { salinity: "salt", part: "Tampa Bay" },
  "Clearwater Harbor": { salinity: "salt", part: "Clearwater Harbor" },
} as const satisfies Record<string, { salinity: "salt" | "brackish"; part: string }>;
export type Bay = keyof typeof BAYS;

/**
 * Where the city meets the water.
 * - barrier-island: a beach town on a barrier island, the Gulf of Mexico in front, `behind` at its back;
 * - gulf: the city's own shore is on the Gulf or on a sound open to it (`water`);
 * - bay: its shore is on a bay or harbor sheltered from the Gulf (`BAYS` says salt or brackish);
 * - river: on a river a few miles upstream from the Gulf, not on the coast itself;
 * - none: no shore of its own is recorded. Whether it is inland is measured, never recorded
 *   (lib/geo/tidal-water.ts).
 */
export type Shore =
  | { kind: "barrier-island"; behind: string }
  | { kind: "gulf"; water: string }
  | { kind: "bay"; water: Bay }
  | { kind: "river"; river: string }
  | { kind: "none" };

/** The cities a "Gulf-coast" sentence may describe: a barrier island or a shore on the Gulf itself. */
export function isGulfFront(shore: Shore): boolean {
  return shore.kind === "barrier-island" || shore.kind === "gulf";
}

/** How much salt reaches the city's glass, read from its shore: spray on the beach, salt air on a salt shore, little elsewhere. */
export type SaltExposure = "beach-spray" | "shore-air" | "little";

export function saltExposure(shore: Shore): SaltExposure {
  if (shore.kind === "barrier-island") return "beach-spray";
  if (shore.kind === "gulf" || (shore.kind === "bay" && BAYS[shore.water].salinity === "salt"))
    return "shore-air";
  return "little";
}

/** Local conditions that change what a window clean involves; each adds a paragraph. */
export type Feature =
  | "lakes" // lakefront homes, some watering their lawns from the lake
  | "wells" // lots on private wells: hard water from the limestone aquifer, sometimes iron (rust)
  | "canals" // canal-front homes with docks and seawalls on salt water
  | "high-rise" // downtown offices and condominium towers
  | "new-construction" // subdivisions still being built: post-construction cleans
  | "main-street" // a small walkable downtown of storefronts
  | "oaks"; // big live oaks over streets and yards

/** Hard water is claimed only where private wells draw from the limestone aquifer. */
export const recordsHardWater = (detail: Pick<LocationDetail, "features">): boolean =>
  detail.features.includes("wells");

export type LocationDetail = {
  shore: Shore;
  /** One or two true sentences placing the city. */
  place: string;
  /** Main roads through the city (the "Main roads" fact). */
  roads: readonly string[];
  /** Where its shops and offices are: along its main roads, or, for a town of homes, in the nearby service cities named. */
  shops: "main-roads" | { mostlyHomesNear: readonly LocationSlug[] };
  features: readonly Feature[];
};

export const LOCATION_DETAILS = {
  "land-o-lakes": {
    shore: { kind: "none" },
    place:
      "Land O' Lakes is an unincorporated community in south-central Pasco County, named for the many lakes scattered through it.",
    roads: ["US 41", "State Road 54"],
    shops: "main-roads",
    features: ["lakes", "new-construction"],
  },
  tampa: {
    shore: { kind: "bay", water: "Hillsborough Bay" },
    place:
      "Tampa sits at the head of the bay, along the shores of Hillsborough Bay and Old Tampa Bay, with the Hillsborough River running through its downtown.",
    roads: ["Dale Mabry Highway", "Interstate 275"],
    shops: "main-roads",
    features: ["high-rise", "oaks"],
  },
  "wesley-chapel": {
    shore: { kind: "none" },
    place:
      "Wesley Chapel is an unincorporated community in southern Pasco County along Interstate 75, on the Hillsborough County line, where large new subdivisions have gone up since the 2000s.",
    roads: ["State Road 56", "State Road 54"],
    shops: "main-roads",
    features: ["new-construction"],
  },
  lutz: {
    shore: { kind: "none" },
    place:
      "Lutz is an unincorporated community in northern Hillsborough County that reaches up to the Pasco County line, with homes set among lakes and oak hammocks.",
    roads: ["US 41", "Dale Mabry Highway"],
    shops: "main-roads",
    features: ["lakes", "oaks", "wells"],
  },
  clearwater: {
    shore: { kind: "gulf", water: "Clearwater Harbor" },
    place:
      "Clearwater runs from Clearwater Harbor, where Clearwater Beach sits out on its barrier island, east across the peninsula to the shore of Old Tampa Bay.",
    roads: ["US 19", "Gulf to Bay Boulevard"],
    shops: "main-roads",
    features: ["high-rise"],
  },
  "st-pete": {
    shore: { kind: "bay", water: "Tampa Bay" },
    place:
      "St. Petersburg covers much of the southern end of the Pinellas peninsula, with Tampa Bay along its east side and Boca Ciega Bay to the west.",
    roads: ["Interstate 275", "4th Street"],
    shops: "main-roads",
    features: ["high-rise", "oaks"],
  },
  "palm-harbor": {
    shore: { kind: "gulf", water: "St. Joseph Sound" },
    place:
      "Palm Harbor is an unincorporated community in north Pinellas County that reaches west to the shore of St. Joseph Sound.",
    roads: ["US 19", "Alternate US 19"],
    shops: "main-roads",
    features: ["oaks"],
  },
  "tarpon-springs": {
    shore: { kind: "gulf", water: "the Gulf of Mexico" },
    place:
      "Tarpon Springs sits on the Anclote River near its mouth on the Gulf, in the northwest corner of Pinellas County, and is known for its Greek heritage and sponge docks.",
    roads: ["US 19", "Alternate US 19"],
    shops: "main-roads",
    features: ["main-street"],
  },
  odessa: {
    shore: { kind: "none" },
    place:
      "Odessa is a community in southwest Pasco County along State Road 54, close to the Hillsborough County line. Once ranch and horse country, it has filled in with suburban subdivisions as Tampa has grown.",
    roads: ["State Road 54", "Gunn Highway"],
    shops: "main-roads",
    features: ["lakes", "wells"],
  },
  trinity: {
    shore: { kind: "none" },
    place:
      "Trinity is a planned community in southwest Pasco County, a few miles southeast of New Port Richey, just north of where Pasco meets Pinellas and Hillsborough. Most of it was built from the 1990s on, much of it around golf courses.",
    roads: ["State Road 54", "Trinity Boulevard"],
    shops: "main-roads",
    features: [],
  },
  seminole: {
    shore: { kind: "none" },
    place:
      "Seminole is a city in west-central Pinellas County beside Lake Seminole, a short drive from the Gulf beaches.",
    roads: ["Seminole Boulevard", "Park Boulevard"],
    shops: "main-roads",
    features: ["lakes"],
  },
  "new-port-richey": {
    shore: { kind: "river", river: "the Pithlachascotee River" },
    place:
      "New Port Richey is a city on the Pithlachascotee River in west Pasco County, a few miles upstream from the Gulf.",
    roads: ["US 19", "Main Street"],
    shops: "main-roads",
    features: ["main-street"],
  },
  largo: {
    shore: { kind: "none" },
    place:
      "Largo is one of the larger cities in mid-Pinellas County, between Clearwater to the north and Seminole to the south. Its streets mix single-family homes, condominiums and manufactured-home communities.",
    roads: ["Ulmerton Road", "East Bay Drive"],
    shops: "main-roads",
    features: [],
  },
  "safety-harbor": {
    shore: { kind: "bay", water: "Old Tampa Bay" },
    place:
      "Safety Harbor is a small city on the western shore of Old Tampa Bay, with a compact downtown along Main Street.",
    roads: ["Main Street", "McMullen-Booth Road"],
    shops: "main-roads",
    features: ["main-street", "oaks"],
  },
  thonotosassa: {
    shore: { kind: "none" },
    place:
      "Thonotosassa is a rural community in northeast Hillsborough County, on the shores of Lake Thonotosassa.",
    roads: ["US 301"],
    shops: "main-roads",
    features: ["lakes", "wells"],
  },
  zephyrhills: {
    shore: { kind: "none" },
    place:
      "Zephyrhills is a city in east Pasco County, well inland from both the Gulf and the bay.",
    roads: ["US 301", "State Road 54"],
    shops: "main-roads",
    features: ["wells", "main-street"],
  },
  "spring-hill": {
    shore: { kind: "none" },
    place:
      "Spring Hill is a large unincorporated community in southwest Hernando County, laid out from the late 1960s as streets of single-family homes.",
    roads: ["US 19", "Spring Hill Drive"],
    shops: "main-roads",
    features: ["wells", "oaks"],
  },
  hudson: {
    shore: { kind: "gulf", water: "the Gulf of Mexico" },
    place:
      "Hudson is a coastal community in northwest Pasco County, on the Gulf shore north of Port Richey.",
    roads: ["US 19"],
    shops: "main-roads",
    features: ["canals"],
  },
  brooksville: {
    shore: { kind: "none" },
    place:
      "Brooksville is the county seat of Hernando County, a small city set among the rolling hills of the county's interior.",
    roads: ["US 41", "US 98", "State Road 50"],
    shops: "main-roads",
    features: ["oaks", "wells", "main-street"],
  },
  "hernando-beach": {
    shore: { kind: "gulf", water: "the Gulf of Mexico" },
    place:
      "Hernando Beach is a waterfront community on the Gulf coast of Hernando County, where many homes sit along boating canals.",
    roads: ["Shoal Line Boulevard"],
    shops: { mostlyHomesNear: ["spring-hill"] },
    features: ["canals"],
  },
  "madeira-beach": {
    shore: { kind: "barrier-island", behind: "Boca Ciega Bay" },
    place:
      "Madeira Beach is a beach town on a barrier island in Pinellas County, with the Gulf of Mexico on one side and Boca Ciega Bay on the other.",
    roads: ["Gulf Boulevard", "the Tom Stuart Causeway"],
    shops: "main-roads",
    features: ["canals"],
  },
  belleair: {
    shore: { kind: "bay", water: "Clearwater Harbor" },
    place:
      "Belleair is a small residential town in Pinellas County on the bluffs above Clearwater Harbor, just south of Clearwater.",
    roads: ["Indian Rocks Road"],
    shops: { mostlyHomesNear: ["largo", "clearwater"] },
    features: ["oaks"],
  },
  "indian-rocks": {
    shore: { kind: "barrier-island", behind: "the Intracoastal Waterway" },
    place:
      "Indian Rocks Beach is a small beach town on a barrier island in Pinellas County, between the Gulf of Mexico and the Intracoastal Waterway. Gulf Boulevard runs through it, lined with homes, condominiums and vacation rentals.",
    roads: ["Gulf Boulevard"],
    shops: "main-roads",
    features: [],
  },
  "apollo-beach": {
    shore: { kind: "bay", water: "Tampa Bay" },
    place:
      "Apollo Beach is a waterfront community on the southeastern shore of Tampa Bay in Hillsborough County, laid out around a network of canals.",
    roads: ["US 41", "Apollo Beach Boulevard"],
    shops: "main-roads",
    features: ["canals", "new-construction"],
  },
  oldsmar: {
    shore: { kind: "bay", water: "Old Tampa Bay" },
    place:
      "Oldsmar is a small Pinellas County city at the northern tip of Old Tampa Bay, where Pinellas meets Hillsborough. It takes its name from the automaker Ransom E. Olds, who founded it, and keeps historic bungalows from its early years and a string of parks along the bay.",
    roads: ["Tampa Road"],
    shops: "main-roads",
    features: [],
  },
  "dade-city": {
    shore: { kind: "none" },
    place:
      "Dade City is the county seat of Pasco County, a small city in the rolling hills of east Pasco with a historic downtown.",
    roads: ["US 301", "US 98"],
    shops: "main-roads",
    features: ["main-street", "wells", "oaks"],
  },
  dunedin: {
    shore: { kind: "gulf", water: "St. Joseph Sound" },
    place:
      "Dunedin is a city on St. Joseph Sound in north Pinellas County, with a walkable downtown a few blocks from the water.",
    roads: ["Alternate US 19", "Main Street"],
    shops: "main-roads",
    features: ["main-street"],
  },
  "pinellas-park": {
    shore: { kind: "none" },
    place:
      "Pinellas Park is a city in the middle of the Pinellas peninsula, north of St. Petersburg and away from the beaches. It mixes neighborhoods of houses with business parks and manufactured-home communities.",
    roads: ["US 19", "Park Boulevard"],
    shops: "main-roads",
    features: [],
  },
} as const satisfies Record<LocationSlug, LocationDetail>;

const DETAILS: ReadonlyMap<string, LocationDetail> = new Map(Object.entries(LOCATION_DETAILS));

export function getLocationDetail(slug: string): LocationDetail {
  const detail = DETAILS.get(slug);
  if (!detail) throw new Error(`content/location-details.ts has no entry for "${slug}"`);
  return detail;
}
