import type { Feature, SaltExposure } from "./location-details";
import type { County, LocationSlug } from "./locations";
import { ADD_ONS } from "@shared/content/pricing";
import { SITE } from "./site";

/**
 * Questions a town's residents ask, each answered by the business's own policy or by a public
 * fact whose source the page lists (docs/pages.md, "Town questions"). A question reaches a town
 * only when the town's recorded facts call for it; fewer answers rather than invented ones.
 */

/**
 * Public pages an answer rests on, listed in the page's Sources by publisher; the answer links
 * its `anchor` words to the page, so the authority is one tap away where the question is read.
 */
export const QUESTION_SOURCES = {
  "watering-rules": {
    used: "Watering rules",
    publisher: "Southwest Florida Water Management District",
    url: "https://www.swfwmd.state.fl.us/",
    anchor: "the water district's rules",
  },
  "reclaimed-schedule": {
    used: "Reclaimed-water schedule",
    publisher: "Pinellas County Utilities",
    url: "https://www.pinellascounty.org/utilities/reclaim-irrigation.htm",
    anchor: "Pinellas County Utilities",
  },
  "well-iron": {
    used: "Iron in well water",
    publisher: "University of Florida IFAS, Gardening Solutions",
    url: "https://gardeningsolutions.ifas.ufl.edu/giam/maintenance_and_care/watering_and_irrigation/iron_water.html",
    anchor: "most Florida well water",
  },
  "reclaimed-largo": {
    used: "Largo's reclaimed water",
    publisher: "City of Largo, Reclaimed Water Schedules",
    url: "https://www.largo.com/services/our_future_largo/reclaimed_water/reclaimed_water_schedules/index.php",
    anchor: "the city's own watering schedule",
  },
  "reclaimed-clearwater": {
    used: "Clearwater's reclaimed water",
    publisher:
      "Southwest Florida Water Management District, Clearwater Expands Reclaimed Water System",
    url: "https://www.swfwmd.state.fl.us/about/newsroom/news/clearwater-expands-reclaimed-water-system",
    anchor: "helped pay to extend",
  },
  "reclaimed-st-pete": {
    used: "St. Petersburg's reclaimed water",
    publisher: "City of St. Petersburg, Reclaimed Water",
    url: "https://www.stpete.org/residents/utilities/water_services/reclaimed_water.php",
    anchor: "its own year-round irrigation schedule",
  },
  "reclaimed-dunedin": {
    used: "Dunedin's reclaimed water",
    publisher: "City of Dunedin, Reclaimed Water",
    url: "https://www.dunedingov.com/City-Services/Water-Utilities/Reclaimed-Water",
    anchor: "its own wastewater treatment facility",
  },
  "reclaimed-oldsmar": {
    used: "Oldsmar's reclaimed water",
    publisher: "City of Oldsmar, reclaimed-water restrictions",
    url: "https://myoldsmar.com/FAQ.aspx?QID=235",
    anchor: "its own levels of restriction",
  },
  "reclaimed-tarpon-springs": {
    used: "Tarpon Springs' reclaimed water",
    publisher: "City of Tarpon Springs, Water, Wastewater and Reclaimed",
    url: "https://www.ctsfl.us/water-wastewater-and-reclaimed/",
    anchor: "its own reclaimed water and wastewater utility",
  },
  "reclaimed-pinellas-park": {
    used: "Pinellas Park's reclaimed water",
    publisher: "City of Pinellas Park, Reclaimed Water",
    url: "https://pinellas-park.com/360/Reclaimed-Water",
    anchor: "its Reclaimed Water Service District",
  },
  "reclaimed-palm-harbor": {
    used: "Palm Harbor's reclaimed water",
    publisher: "Pinellas County, Utilities addressing low reclaimed water pressure in North County",
    url: "https://pinellas.gov/story/low-water-pressure",
    anchor: "William E. Dunn Water Reclamation Facility",
  },
  "reclaimed-new-port-richey": {
    used: "New Port Richey's reclaimed water",
    publisher: "City of New Port Richey, Reclaimed Water",
    url: "https://cityofnewportrichey.org/Departments/Public-Works/Reclaimed-Water",
    anchor: "its own reclaimed water program",
  },
  "reclaimed-zephyrhills": {
    used: "Zephyrhills' reclaimed water",
    publisher: "City of Zephyrhills, South Avenue Reclaim Water Line Project",
    url: "http://ci.zephyrhills.fl.us/331/South-Avenue-Reclaim-Water-Line-Project",
    anchor: "a reclaimed-water main along South Avenue",
  },
  "reclaimed-tampa": {
    used: "Tampa's reclaimed water",
    publisher: "City of Tampa Water Department, Reclaimed Water",
    url: "https://www.tampa.gov/water/conservation/water-smart-lawns/reclaimed-water",
    anchor: "Howard F. Curren Advanced Wastewater Treatment Plant",
  },
  "reclaimed-wesley-chapel": {
    used: "Wesley Chapel's reclaimed water",
    publisher: "Pasco County, Wesbridge & Chapel Chase",
    url: "https://www.pascocountyfl.net/4479/Wesbridge-Chapel-Chase",
    anchor: "Wesbridge and Chapel Chase",
  },
  "reclaimed-land-o-lakes": {
    used: "Land O' Lakes' reclaimed water",
    publisher:
      "Southwest Florida Water Management District, Project Will Connect More Residents to Pasco County's Reclaimed Water System",
    url: "https://www.swfwmd.state.fl.us/about/newsroom/news/project-will-connect-more-residents-pasco-countys-reclaimed-water-system",
    anchor: "Shady Hills reclaimed-water project",
  },
  "reclaimed-trinity": {
    used: "Trinity's reclaimed water",
    publisher: "Florida Governmental Utility Authority, Western Pasco County reclaimed water",
    url: "https://www.fgua.com/pasco-county-system-reclaimed-water-service-availability-during-drought-conditions/",
    anchor: "Pasco County's reclaimed watering restrictions",
  },
} as const;
export type QuestionSourceId = keyof typeof QUESTION_SOURCES;

/** What a question may read of its town: recorded facts, and what the site computes for it. */
export type TownFacts = {
  city: string;
  county: County;
  features: readonly Feature[];
  salt: SaltExposure;
  /** Towns the ZIP check sends to this city (nearer it than any other of ours), with their codes. */
  zipTowns: readonly { town: string; zips: readonly string[] }[];
  /** When the day's first visit starts: "8 AM Mon–Fri and 9 AM Sat". */
  firstSlot: string;
  /** Its city's own reclaimed-water system, where one is recorded (`RECLAIMED_WATER`). */
  reclaimed?: ReclaimedWater;
};

export type TownQuestion = {
  id: string;
  /** Whether the town's facts call for the question. */
  asks: (town: TownFacts) => boolean;
  question: (town: TownFacts) => string;
  answer: (town: TownFacts) => string;
  /** Public sources the answer rests on, the same for every town or read from its facts; none for the business's own policy. */
  sources: readonly QuestionSourceId[] | ((town: TownFacts) => readonly QuestionSourceId[]);
  /** Sources of figures the answer computes (ZIP codes): ids of lib/locations/sources.ts. */
  computedFrom?: readonly ("zips" | "coordinates")[];
};

const screenCleaning = ADD_ONS.find((addOn) => addOn.id === "screens");
if (!screenCleaning) throw new Error("the price table has no screen cleaning add-on");

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/**
 * Who supplies a town's reclaimed water, where a public page says so: the cities that run a system
 * of their own (the city's page, or the water district's), and the county utilities or authority
 * serving Palm Harbor, Wesley Chapel, Land O' Lakes and Trinity; each answer in words its source supports. A town without an entry asks nothing on it.
 * Checked and left out, since no page found says who supplies their homes: in Pinellas, Belleair
 * (its drinking water comes from Pinellas County Utilities since December 2023, its irrigation is
 * not stated), Safety Harbor (it buys its drinking water from Pinellas County Utilities; no
 * reclaimed system of its own found), Seminole, Madeira Beach and Indian Rocks Beach (Pinellas
 * County Utilities' reclaimed-water pages name no such town); elsewhere Odessa and Hudson (Pasco
 * County Utilities' pages found name neither), Dade City (its reclaimed water goes to a ranch, no
 * homes named), and the Hernando towns and Hillsborough's outside Tampa (no page found names a
 * supplier for their homes).
 */
export type ReclaimedWater = { source: QuestionSourceId; supplier: string; says: string };

export const RECLAIMED_WATER = {
  largo: {
    source: "reclaimed-largo",
    supplier: "The City of Largo",
    says: "from its own system; its customers follow the city's own watering schedule, not Pinellas County's reclaimed-water restrictions",
  },
  clearwater: {
    source: "reclaimed-clearwater",
    supplier: "The City of Clearwater",
    says: "from its own system, in the neighborhoods its pipes reach; the water district has helped pay to extend them",
  },
  "st-pete": {
    source: "reclaimed-st-pete",
    supplier: "The City of St. Petersburg",
    says: "which sets its own year-round irrigation schedule and, in dry weather, lowers the pressure by day",
  },
  dunedin: {
    source: "reclaimed-dunedin",
    supplier: "The City of Dunedin",
    says: "which treats it at its own wastewater treatment facility and stores it in tanks around the city",
  },
  oldsmar: {
    source: "reclaimed-oldsmar",
    supplier: "The City of Oldsmar",
    says: "which sets its own levels of restriction when the weather turns dry",
  },
  "tarpon-springs": {
    source: "reclaimed-tarpon-springs",
    supplier: "The City of Tarpon Springs",
    says: "through its own reclaimed water and wastewater utility",
  },
  "pinellas-park": {
    source: "reclaimed-pinellas-park",
    supplier: "The City of Pinellas Park",
    says: "within its Reclaimed Water Service District, with water it buys from Pinellas County",
  },
  "palm-harbor": {
    source: "reclaimed-palm-harbor",
    supplier: "Pinellas County Utilities",
    says: "from its William E. Dunn Water Reclamation Facility in Palm Harbor, which serves North County",
  },
  "new-port-richey": {
    source: "reclaimed-new-port-richey",
    supplier: "The City of New Port Richey",
    says: "through its own reclaimed water program",
  },
  zephyrhills: {
    source: "reclaimed-zephyrhills",
    supplier: "The City of Zephyrhills",
    says: "which laid a reclaimed-water main along South Avenue to water Zephyr Park, open to the homes and businesses along it",
  },
  tampa: {
    source: "reclaimed-tampa",
    supplier: "The City of Tampa",
    says: "from its Howard F. Curren Advanced Wastewater Treatment Plant on Hooker's Point, to the parts of the city its reclaimed-water service area covers",
  },
  "wesley-chapel": {
    source: "reclaimed-wesley-chapel",
    supplier: "Pasco County Utilities",
    says: "whose projects have included bringing reclaimed irrigation water to Wesbridge and Chapel Chase, along Boyette Road",
  },
  "land-o-lakes": {
    source: "reclaimed-land-o-lakes",
    supplier: "Pasco County Utilities",
    says: "whose Shady Hills reclaimed-water project, shared with the water district, named Connerton among the communities it could reach",
  },
  trinity: {
    source: "reclaimed-trinity",
    supplier: "The Florida Governmental Utility Authority",
    says: "to its customers there, whom it asks to keep to Pasco County's reclaimed watering restrictions",
  },
} as const satisfies Partial<Record<LocationSlug, ReclaimedWater>>;

const RECLAIMED: ReadonlyMap<string, ReclaimedWater> = new Map(Object.entries(RECLAIMED_WATER));
export const reclaimedWaterOf = (slug: string) => RECLAIMED.get(slug);

/**
 * A question whose answer is the same all over a county (one authority sets it): answered once, on
 * the /locations hub under that county, and each of its town pages links there.
 */
export type CountyQuestion = {
  id: string;
  county: County;
  question: string;
  answer: string;
  sources: readonly QuestionSourceId[];
};

export const COUNTY_QUESTIONS = [
  {
    id: "reclaimed-water",
    county: "Pinellas",
    question: "Which days do Pinellas sprinklers run on reclaimed water?",
    // Which supplier serves a town is its own page's question (`RECLAIMED_WATER`), where recorded.
    answer:
      "Your reclaimed-water supplier sets them (Pinellas County Utilities, or your city's own utility), within the water district's rules, and a water-shortage order can change them.",
    sources: ["reclaimed-schedule", "watering-rules"],
  },
] as const satisfies readonly CountyQuestion[];

/** Where the /locations hub answers a county's question, the fragment its town pages link to. */
export const countyQuestionId = (id: string) => `question-${id}`;

export const TOWN_QUESTIONS = [
  {
    id: "zip-towns",
    asks: (town) => town.zipTowns.length > 0,
    question: (town) => `Do you come to ${listOf(town.zipTowns.map((each) => each.town))}?`,
    answer: (town) =>
      `Yes: ${listOf(town.zipTowns.map((each) => `${each.town} (${listOf(each.zips)})`))} ${town.zipTowns.length > 1 ? "lie" : "lies"} nearer ${town.city} than any other town on our list, and our ZIP check sends ${town.zipTowns.length > 1 ? "them" : "it"} here.`,
    sources: [],
    computedFrom: ["zips", "coordinates"],
  },
  {
    id: "well-stains",
    asks: (town) => town.features.includes("wells"),
    question: (town) => `What leaves orange streaks on ${town.city} windows by the sprinklers?`,
    answer: () =>
      "Often iron: most Florida well water carries it. Our hard water stain removal lifts it, free on plan services.",
    sources: ["well-iron"],
  },
  {
    id: "storefront-hours",
    asks: (town) => town.features.includes("main-street"),
    question: (town) => `Can you clean our ${town.city} storefront before we open?`,
    answer: (town) => `Yes: book the day's first visit, from ${town.firstSlot}.`,
    sources: [],
  },
  {
    id: "gate-access",
    asks: (town) => town.features.includes("new-construction"),
    question: (town) => `Can your crew get into a gated ${town.city} subdivision?`,
    answer: () => "Yes: give us the gate code, or add us to the visitor list for the day.",
    sources: [],
  },
  {
    id: "reclaimed-supplier",
    asks: (town) => town.reclaimed !== undefined,
    question: (town) => `Who supplies reclaimed water in ${town.city}?`,
    answer: (town) => `${town.reclaimed?.supplier}, ${town.reclaimed?.says}.`,
    sources: (town) => (town.reclaimed ? [town.reclaimed.source] : []),
  },
  {
    id: "oak-screens",
    // Live oaks' pollen on the screens (the plan pages say when): what we do about it, in few words.
    asks: (town) => town.features.includes("oaks"),
    question: (town) => `Do you wash the oak pollen off ${town.city} screens?`,
    answer: () => `Yes: add ${screenCleaning.label} to your quote.`,
    sources: [],
  },
  {
    id: "storm-salt",
    // Where salt reaches the glass: spray on the beaches and canals, salt air on a salt shore.
    asks: (town) => town.salt !== "little" || town.features.includes("canals"),
    question: (town) =>
      `A storm salted our ${town.city} windows right after a clean: do you come back?`,
    answer: () =>
      `On a plan, yes: rain within ${SITE.rainGuaranteeDays} days of a plan service, storms included, brings us back free.`,
    sources: [],
  },
  {
    id: "high-rise",
    asks: (town) => town.features.includes("high-rise"),
    question: (town) => `Do you clean ${town.city} condominium towers and offices?`,
    answer: () => "Yes: tell us the building and its floors when you ask for a quote.",
    sources: [],
  },
] as const satisfies readonly TownQuestion[];

/**
 * The city pages that answer fewer than three questions, and why: nothing more both true and local
 * was found to say (docs/pages.md, "Town questions"). tests/crawl/town-questions.spec.ts fails
 * when a served page falls short of three without a line here, or reaches three with one.
 */
export const SHORT_OF_THREE: Partial<Record<LocationSlug, string>> = {
  "land-o-lakes":
    "lakes and new subdivisions: the gate question and its reclaimed-water supplier; lakes have no sourced question",
  "wesley-chapel": "new subdivisions only: the gate question and its reclaimed-water supplier",
  lutz: "lakes, oaks and wells: no page found names a reclaimed-water supplier in Hillsborough outside Tampa",
  odessa: "lakes and wells: no page found names its reclaimed-water supplier",
  trinity: "no feature recorded: its ZIP towns and its reclaimed-water supplier",
  seminole:
    "lakes only: no page found says who supplies its reclaimed water, and the ZIP check sends it no other town",
  largo: "no feature or shore recorded: its own reclaimed-water system only",
  "safety-harbor":
    "a main street and oaks on a brackish bay: no reclaimed-water system of its own found",
  thonotosassa: "its ZIP towns and wells: lakes have no sourced question",
  "spring-hill": "wells and oaks: no page found names its reclaimed-water supplier",
  hudson: "canals on the Gulf: the storm question only",
  "hernando-beach": "canals and its ZIP towns: no page found names its reclaimed-water supplier",
  "madeira-beach": "a beach and its ZIP towns: Pinellas County Utilities' pages name no towns",
  "indian-rocks": "a beach and its ZIP towns: Pinellas County Utilities' pages name no towns",
  belleair: "oaks and salt air: the town's irrigation supply is not stated",
  oldsmar: "a brackish shore and no feature recorded: its own reclaimed-water system only",
  "pinellas-park": "no feature or shore recorded: its own reclaimed-water system only",
};
