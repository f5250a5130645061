import type { LocationSlug } from "./locations";

/**
 * What is true about each service city, as data the city pages compose their copy from.
 * Only facts a local would confirm: where the place is, the water it sits on, its main roads.
 * No invented landmarks, neighbourhoods or figures; distances are computed, never typed.
 */
export type Setting = "gulf-beach" | "gulf-coast" | "bay-front" | "inland";

/** Local conditions that change what a window clean involves; each adds a paragraph. */
export type Feature =
  | "lakes" // lakefront homes, sprinklers fed by lake pumps or wells
  | "wells" // rural lots on private wells: iron (rust) staining besides hard water
  | "canals" // canal-front homes with docks and seawalls
  | "high-rise" // downtown offices and condominium towers
  | "new-construction" // subdivisions still being built: post-construction cleans
  | "main-street" // a small walkable downtown of storefronts
  | "oaks"; // big live oaks over streets and yards

export type LocationDetail = {
  setting: Setting;
  /** The named water the city fronts (coastal settings only). */
  water?: string;
  /** One or two true sentences placing the city. */
  place: string;
  /** Main roads its shops and offices line. */
  roads: readonly string[];
  features: readonly Feature[];
};

export const LOCATION_DETAILS = {
  "land-o-lakes": {
    setting: "inland",
    place:
      "Land O' Lakes is an unincorporated community in central Pasco County, named for the many lakes scattered through it.",
    roads: ["US 41", "State Road 54"],
    features: ["lakes", "new-construction"],
  },
  tampa: {
    setting: "bay-front",
    water: "Hillsborough Bay",
    place:
      "Tampa sits at the head of the bay, along the shores of Hillsborough Bay and Old Tampa Bay, with the Hillsborough River running through its downtown.",
    roads: ["Dale Mabry Highway", "Interstate 275"],
    features: ["high-rise", "oaks"],
  },
  "wesley-chapel": {
    setting: "inland",
    place:
      "Wesley Chapel is an unincorporated community in east-central Pasco County along Interstate 75, where large new subdivisions have gone up since the 2000s.",
    roads: ["State Road 56", "State Road 54"],
    features: ["new-construction"],
  },
  lutz: {
    setting: "inland",
    place:
      "Lutz is an unincorporated community in northern Hillsborough County that reaches up to the Pasco County line, with homes set among lakes and oak hammocks.",
    roads: ["US 41", "Dale Mabry Highway"],
    features: ["lakes", "oaks", "wells"],
  },
  clearwater: {
    setting: "gulf-coast",
    water: "Clearwater Harbor",
    place:
      "Clearwater runs from Clearwater Harbor, where Clearwater Beach sits out on its barrier island, east across the peninsula to the shore of Old Tampa Bay.",
    roads: ["US 19", "Gulf to Bay Boulevard"],
    features: ["high-rise"],
  },
  "st-pete": {
    setting: "bay-front",
    water: "Tampa Bay",
    place:
      "St. Petersburg covers much of the southern end of the Pinellas peninsula, with Tampa Bay along its east side and Boca Ciega Bay to the west.",
    roads: ["Interstate 275", "4th Street"],
    features: ["high-rise", "oaks"],
  },
  "palm-harbor": {
    setting: "gulf-coast",
    water: "St. Joseph Sound",
    place:
      "Palm Harbor is an unincorporated community in north Pinellas County that reaches west to the shore of St. Joseph Sound.",
    roads: ["US 19", "Alternate US 19"],
    features: ["oaks"],
  },
  "tarpon-springs": {
    setting: "gulf-coast",
    water: "the Gulf of Mexico",
    place:
      "Tarpon Springs sits on the Anclote River near its mouth on the Gulf, in the northwest corner of Pinellas County, and is known for its Greek heritage and sponge docks.",
    roads: ["US 19", "Alternate US 19"],
    features: ["main-street"],
  },
  odessa: {
    setting: "inland",
    place:
      "Odessa is a largely rural, lake-dotted community in southwest Pasco County along State Road 54, close to the Hillsborough County line.",
    roads: ["State Road 54", "Gunn Highway"],
    features: ["lakes", "wells"],
  },
  trinity: {
    setting: "inland",
    place:
      "Trinity is a planned community in southwest Pasco County, a few miles inland from New Port Richey and Tarpon Springs. Most of it was built from the 1990s on, much of it around golf courses.",
    roads: ["State Road 54", "Trinity Boulevard"],
    features: [],
  },
  seminole: {
    setting: "inland",
    place:
      "Seminole is a city in west-central Pinellas County beside Lake Seminole, a short drive from the Gulf beaches.",
    roads: ["Seminole Boulevard", "Park Boulevard"],
    features: ["lakes"],
  },
  "new-port-richey": {
    setting: "gulf-coast",
    water: "the Gulf of Mexico",
    place:
      "New Port Richey is a city on the Pithlachascotee River in west Pasco County, a few miles upstream from the Gulf.",
    roads: ["US 19", "Main Street"],
    features: ["main-street"],
  },
  largo: {
    setting: "inland",
    place:
      "Largo is one of the larger cities in mid-Pinellas County, between Clearwater to the north and Seminole to the south, a few miles inland from the Gulf. Its streets mix single-family homes, condominiums and manufactured-home communities.",
    roads: ["Ulmerton Road", "East Bay Drive"],
    features: [],
  },
  "safety-harbor": {
    setting: "bay-front",
    water: "Old Tampa Bay",
    place:
      "Safety Harbor is a small city on the western shore of Old Tampa Bay, with a compact downtown along Main Street.",
    roads: ["Main Street", "McMullen-Booth Road"],
    features: ["main-street", "oaks"],
  },
  thonotosassa: {
    setting: "inland",
    place:
      "Thonotosassa is a rural community in northeast Hillsborough County, on the shores of Lake Thonotosassa.",
    roads: ["US 301"],
    features: ["lakes", "wells"],
  },
  zephyrhills: {
    setting: "inland",
    place:
      "Zephyrhills is a city in east Pasco County, well inland from both the Gulf and the bay.",
    roads: ["US 301", "State Road 54"],
    features: ["wells", "main-street"],
  },
  "spring-hill": {
    setting: "inland",
    place:
      "Spring Hill is a large unincorporated community in southwest Hernando County, laid out from the late 1960s as streets of single-family homes.",
    roads: ["US 19", "Spring Hill Drive"],
    features: ["wells", "oaks"],
  },
  hudson: {
    setting: "gulf-coast",
    water: "the Gulf of Mexico",
    place:
      "Hudson is a coastal community in northwest Pasco County, on the Gulf shore north of Port Richey.",
    roads: ["US 19"],
    features: ["canals"],
  },
  brooksville: {
    setting: "inland",
    place:
      "Brooksville is the county seat of Hernando County, a small city set among the rolling hills of the county's interior.",
    roads: ["US 41", "US 98", "State Road 50"],
    features: ["oaks", "wells", "main-street"],
  },
  "hernando-beach": {
    setting: "gulf-coast",
    water: "the Gulf of Mexico",
    place:
      "Hernando Beach is a waterfront community on the Gulf coast of Hernando County, where many homes sit along boating canals.",
    roads: ["Shoal Line Boulevard"],
    features: ["canals"],
  },
  "madeira-beach": {
    setting: "gulf-beach",
    water: "Boca Ciega Bay",
    place:
      "Madeira Beach is a beach town on a barrier island in Pinellas County, with the Gulf of Mexico on one side and Boca Ciega Bay on the other.",
    roads: ["Gulf Boulevard", "the Tom Stuart Causeway"],
    features: ["canals"],
  },
  belleair: {
    setting: "gulf-coast",
    water: "Clearwater Harbor",
    place:
      "Belleair is a small residential town in Pinellas County on the bluffs above Clearwater Harbor, just south of Clearwater.",
    roads: ["Indian Rocks Road"],
    features: ["oaks"],
  },
  "indian-rocks": {
    setting: "gulf-beach",
    water: "the Intracoastal Waterway",
    place:
      "Indian Rocks Beach is a small beach town on a barrier island in Pinellas County, between the Gulf of Mexico and the Intracoastal Waterway. Gulf Boulevard runs through it, lined with homes, condominiums and vacation rentals.",
    roads: ["Gulf Boulevard"],
    features: [],
  },
  "apollo-beach": {
    setting: "bay-front",
    water: "Tampa Bay",
    place:
      "Apollo Beach is a waterfront community on the southeastern shore of Tampa Bay in Hillsborough County, laid out around a network of canals.",
    roads: ["US 41", "Apollo Beach Boulevard"],
    features: ["canals", "new-construction"],
  },
  oldsmar: {
    setting: "bay-front",
    water: "Old Tampa Bay",
    place:
      "Oldsmar is a small city at the northern tip of Old Tampa Bay, on the Pinellas side of the Hillsborough County line. It takes its name from the automaker Ransom E. Olds, who founded it.",
    roads: ["Tampa Road"],
    features: [],
  },
  "dade-city": {
    setting: "inland",
    place:
      "Dade City is the county seat of Pasco County, a small city in the rolling hills of east Pasco with a historic downtown.",
    roads: ["US 301", "US 98"],
    features: ["main-street", "wells", "oaks"],
  },
  dunedin: {
    setting: "gulf-coast",
    water: "St. Joseph Sound",
    place:
      "Dunedin is a city on St. Joseph Sound in north Pinellas County, with a walkable downtown a few blocks from the water.",
    roads: ["Alternate US 19", "Main Street"],
    features: ["main-street"],
  },
  "pinellas-park": {
    setting: "inland",
    place:
      "Pinellas Park is a city in the middle of the Pinellas peninsula, north of St. Petersburg and away from the beaches. It mixes neighborhoods of houses with business parks and manufactured-home communities.",
    roads: ["US 19", "Park Boulevard"],
    features: [],
  },
} as const satisfies Record<LocationSlug, LocationDetail>;

const DETAILS: ReadonlyMap<string, LocationDetail> = new Map(Object.entries(LOCATION_DETAILS));

export function getLocationDetail(slug: string): LocationDetail {
  const detail = DETAILS.get(slug);
  if (!detail) throw new Error(`content/location-details.ts has no entry for "${slug}"`);
  return detail;
}
